import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import DownloadIcon from '@mui/icons-material/Download';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { CodeBlock } from '../ui/CodeBlock';
import { CopyButton } from '../ui/CopyButton';
import { toast } from '../ui/toast';
import { paths } from '../../config/paths';
import { monoFont } from '../../theme';
import { MethodBadge } from './MethodBadge';
import { ResponseHeaders } from './ResponseHeaders';
import { useSnippetLanguage } from './useSnippetLanguage';
import { SNIPPET_LANGUAGES, snippet } from '../../lib/api-reference/snippets';
import { buildCategories, requestUrl, type DocEndpoint, type OpenApiDocument, type ResponseFormat } from '../../lib/api-reference/model';

export interface ExecuteRequest {
  endpoint: DocEndpoint;
  /** Full URL with the query built from the parameter values. */
  url: string;
  values: Record<string, string>;
  /** Parsed JSON body for POST endpoints. */
  body?: unknown;
  format: ResponseFormat;
}

export interface ExecuteResult {
  status: number;
  statusText?: string;
  body: string;
  durationMs?: number;
  headers?: Record<string, string>;
}

export type EndpointExecutor = (request: ExecuteRequest) => Promise<ExecuteResult>;

export const SIMULATED_EXECUTE_DELAY_MS = 1000;

/** The anonymous /docs executor: waits 1 s and answers the documented example; no call is made. */
export const simulatedExecutor: EndpointExecutor = async ({ endpoint, format }) => {
  await new Promise((resolve) => setTimeout(resolve, SIMULATED_EXECUTE_DELAY_MS));
  const body = endpoint.responseExamples[format] ?? endpoint.responseExamples.json ?? '';
  return { status: 200, statusText: 'OK', body, durationMs: SIMULATED_EXECUTE_DELAY_MS };
};

/** Renders `code` spans of the OpenAPI descriptions (CommonMark inline code only). */
export function InlineMarkdown({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/g).map((part, i) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
          <Box key={i} component="code" sx={{ fontFamily: monoFont, fontSize: '0.9em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 }}>
            {part.slice(1, -1)}
          </Box>
        ) : (
          part
        ),
      )}
    </>
  );
}

function startDownload(href: string, filename: string, description: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  toast({ title: 'Download Started', description });
}

export interface DocsExplorerProps {
  spec: OpenApiDocument;
  /** Runs an endpoint; defaults to the simulated one (example after 1 s). */
  executor?: EndpointExecutor;
  /** Extra controls above the Execute button (for example an API key picker). */
  executeToolbar?: ReactNode;
  /** Key shown in request examples. */
  exampleApiKey?: string;
  /** Host the request examples name (the server's APP_URL); defaults to this page's origin. */
  snippetOrigin?: string;
  /** Shown under the request example (for example how to fill in the key). */
  exampleNote?: ReactNode;
  showGetApiKey?: boolean;
  showDownloads?: boolean;
  initialEndpointId?: string;
  /** The "Use with AI assistants" pane (the MCP server), listed after the REST categories. */
  aiAssistants?: ReactNode;
}

/** The explorer's id for the "Use with AI assistants" pane. */
export const AI_ASSISTANTS_ID = 'ai-assistants';

export function DocsExplorer({
  spec,
  executor = simulatedExecutor,
  executeToolbar,
  exampleApiKey = 'YOUR_API_KEY',
  snippetOrigin,
  exampleNote,
  showGetApiKey = true,
  showDownloads = true,
  initialEndpointId,
  aiAssistants,
}: DocsExplorerProps) {
  const categories = useMemo(() => buildCategories(spec), [spec]);
  const all = useMemo(() => categories.flatMap((c) => c.endpoints), [categories]);
  const [selectedId, setSelectedId] = useState(() =>
    all.some((e) => e.id === initialEndpointId) || (aiAssistants && initialEndpointId === AI_ASSISTANTS_ID) ? initialEndpointId! : all[0]?.id,
  );
  const showAi = Boolean(aiAssistants) && selectedId === AI_ASSISTANTS_ID;
  const endpoint = all.find((e) => e.id === selectedId) ?? all[0];
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const publicEndpoints = all.filter((e) => !e.requiresKey);

  const selectCategory = (name: string) => {
    const first = categories.find((c) => c.name === name)?.endpoints[0];
    if (first) setSelectedId(first.id);
  };

  if (!endpoint) return <Alert severity="info">No endpoints are documented yet.</Alert>;

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
        <Typography color="text.secondary" data-testid="endpoint-summary">
          {all.length} endpoints in {categories.length} categories · OpenAPI {spec.openapi} · API version {spec.info.version}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {showDownloads && (
            <>
              <Button
                variant="outlined"
                size="small"
                startIcon={<DownloadIcon />}
                onClick={() => startDownload(paths.server.postmanCollection, 'postman_collection.json', 'Postman collection downloaded successfully')}
              >
                Postman Collection
              </Button>
              <Button
                variant="outlined"
                size="small"
                startIcon={<DownloadIcon />}
                onClick={() => startDownload(paths.server.openapiJson, 'openapi.json', 'OpenAPI spec downloaded successfully')}
              >
                OpenAPI Spec
              </Button>
            </>
          )}
          {showGetApiKey && (
            <Button variant="contained" size="small" startIcon={<KeyIcon />} component={RouterLink} to={paths.dashboard.apiKeys}>
              Get API Key
            </Button>
          )}
        </Stack>
      </Box>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '280px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Card component="nav" aria-label="API categories" sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
          <List dense disablePadding>
            {categories.map((c) => {
              const open = !showAi && c.name === endpoint.category;
              return (
                <li key={c.name}>
                  <ListItemButton selected={open} onClick={() => selectCategory(c.name)} aria-expanded={open} data-testid={`category-${c.name}`}>
                    <ListItemText primary={c.name} slotProps={{ primary: { sx: { fontWeight: 700 } } }} />
                    <Chip label={c.endpoints.length} size="small" aria-label={`${c.endpoints.length} endpoints`} />
                  </ListItemButton>
                  <Collapse in={open}>
                    <List dense disablePadding>
                      {c.endpoints.map((e) => (
                        <ListItem key={e.id} disablePadding>
                          <ListItemButton
                            selected={!showAi && e.id === endpoint.id}
                            onClick={() => setSelectedId(e.id)}
                            sx={{ pl: 2, gap: 1 }}
                            data-testid="endpoint-link"
                            aria-current={!showAi && e.id === endpoint.id ? 'true' : undefined}
                          >
                            <MethodBadge method={e.method} />
                            <ListItemText
                              primary={e.title}
                              secondary={e.path}
                              slotProps={{ secondary: { sx: { fontFamily: monoFont, fontSize: 11, wordBreak: 'break-all' } } }}
                            />
                          </ListItemButton>
                        </ListItem>
                      ))}
                    </List>
                  </Collapse>
                </li>
              );
            })}
            {aiAssistants && (
              <li>
                <ListItemButton selected={showAi} onClick={() => setSelectedId(AI_ASSISTANTS_ID)} data-testid="category-ai-assistants">
                  <ListItemText primary="Use with AI assistants" secondary="MCP server" slotProps={{ primary: { sx: { fontWeight: 700 } } }} />
                </ListItemButton>
              </li>
            )}
          </List>
        </Card>

        {showAi ? (
          <Box sx={{ minWidth: 0 }}>{aiAssistants}</Box>
        ) : (
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <EndpointDetail
              key={endpoint.id}
              endpoint={endpoint}
              origin={origin}
              snippetOrigin={snippetOrigin ?? origin}
              executor={executor}
              executeToolbar={executeToolbar}
              exampleApiKey={exampleApiKey}
              exampleNote={exampleNote}
            />
            {/* The public paths are long unbroken words ("/api/timezone/releases/{version}/tzif/{zone}"): they break where they must at phone width instead of scrolling. */}
            <Alert severity="info" icon={<LockOutlinedIcon />} data-testid="auth-card" sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
              <AlertTitle>Authentication Required</AlertTitle>
              Every endpoint{publicEndpoints.length ? ` except ${publicEndpoints.map((e) => e.path).join(' and ')}` : ''} needs an API key. Send it in the{' '}
              <code>X-API-Key</code> header (or as <code>Authorization: Bearer &lt;key&gt;</code>). Keys are never accepted in the query string. Create keys on
              the API Keys page of your dashboard.
            </Alert>
          </Stack>
        )}
      </Box>
    </Box>
  );
}

function EndpointDetail({
  endpoint,
  origin,
  snippetOrigin,
  executor,
  executeToolbar,
  exampleApiKey,
  exampleNote,
}: {
  endpoint: DocEndpoint;
  origin: string;
  snippetOrigin: string;
  executor: EndpointExecutor;
  executeToolbar?: ReactNode;
  exampleApiKey: string;
  exampleNote?: ReactNode;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(() => (endpoint.requestExample === undefined ? '' : JSON.stringify(endpoint.requestExample, null, 2)));
  const [format, setFormat] = useState<ResponseFormat>('json');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ExecuteResult | null>(null);
  const formats = (['json', 'xml', 'csv'] as const).filter((f) => endpoint.responseExamples[f] !== undefined);

  useEffect(() => setResult(null), [format]);

  const effectiveValues = Object.fromEntries(
    endpoint.parameters.filter((p) => p.name !== 'format').map((p) => [p.name, values[p.name] || (p.inExample ? p.example : '')]),
  );
  const fullUrl = `${snippetOrigin}${endpoint.path}`;
  const sentBody = endpoint.method === 'GET' ? undefined : body;
  const [language, setLanguage] = useSnippetLanguage();
  const languageLabel = SNIPPET_LANGUAGES.find((l) => l.id === language)?.label ?? language;
  const example = snippet(language, { endpoint, origin: snippetOrigin, values: effectiveValues, body: sentBody, apiKey: exampleApiKey });

  const execute = async () => {
    let parsedBody: unknown;
    if (endpoint.method !== 'GET' && body.trim()) {
      try {
        parsedBody = JSON.parse(body);
      } catch {
        toast({ title: 'Failed to execute API endpoint', description: 'The request body is not valid JSON.', variant: 'destructive' });
        return;
      }
    }
    setRunning(true);
    setResult(null);
    try {
      const query = { ...effectiveValues, ...(format !== 'json' && endpoint.supportsFormats ? { format } : {}) };
      const res = await executor({ endpoint, url: requestUrl(endpoint, origin, query), values: query, body: parsedBody, format });
      setResult(res);
    } catch (error) {
      toast({ title: 'Failed to execute API endpoint', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setRunning(false);
    }
  };

  const shown = result ? result.body : (endpoint.responseExamples[format] ?? '');

  return (
    <Card data-testid="endpoint-detail">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}>
          <MethodBadge method={endpoint.method} size="medium" />
          <Chip label={endpoint.category} size="small" variant="outlined" />
          {!endpoint.requiresKey && <Chip label="No key needed" size="small" color="success" variant="outlined" />}
        </Stack>
        <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
          {endpoint.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          <InlineMarkdown text={endpoint.description} />
        </Typography>

        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, pl: 1.5, bgcolor: 'action.hover', borderRadius: 1, mb: 3 }}>
          <MethodBadge method={endpoint.method} />
          <Typography sx={{ fontFamily: monoFont, fontSize: 14, flex: 1, wordBreak: 'break-all' }} data-testid="endpoint-url">
            {fullUrl}
          </Typography>
          <CopyButton text={fullUrl} label="Copy URL" />
        </Box>

        {endpoint.parameters.length > 0 && (
          <Box sx={{ mb: 3 }}>
            <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
              Parameters
            </Typography>
            <Stack spacing={2}>
              {endpoint.parameters.map((p) => (
                <Box key={p.name} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
                  <Box>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
                      <Typography component="code" sx={{ fontFamily: monoFont, fontWeight: 700 }}>
                        {p.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {p.type} · {p.location}
                      </Typography>
                      {p.required && <Chip label="Required" size="small" color="error" variant="outlined" sx={{ height: 20 }} />}
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      <InlineMarkdown text={p.description} />
                    </Typography>
                  </Box>
                  <TextField
                    size="small"
                    value={values[p.name] ?? ''}
                    placeholder={p.example || p.name}
                    onChange={(e) => setValues((v) => ({ ...v, [p.name]: e.target.value }))}
                    slotProps={{ htmlInput: { 'aria-label': p.name } }}
                  />
                </Box>
              ))}
            </Stack>
          </Box>
        )}

        {endpoint.method !== 'GET' && endpoint.requestExample !== undefined && (
          <Box sx={{ mb: 3 }}>
            <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
              Request body
            </Typography>
            <TextField
              multiline
              fullWidth
              minRows={4}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              slotProps={{ htmlInput: { 'aria-label': 'Request body', spellCheck: false, style: { fontFamily: monoFont, fontSize: 13 } } }}
            />
          </Box>
        )}

        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Request example
        </Typography>
        <Box sx={{ mb: 3 }} data-testid="request-example">
          <Tabs
            value={language}
            onChange={(_e, value: typeof language) => setLanguage(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Request example language"
            sx={{ mb: 1, minHeight: 40, '& .MuiTab-root': { minHeight: 40, minWidth: 0, px: 1.5, textTransform: 'none' } }}
          >
            {SNIPPET_LANGUAGES.map((l) => (
              <Tab key={l.id} value={l.id} label={l.label} id={`snippet-tab-${l.id}`} data-testid={`snippet-tab-${l.id}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" aria-labelledby={`snippet-tab-${language}`} data-testid={`${language}-example`}>
            <CodeBlock label={languageLabel} code={example} />
          </Box>
          {exampleNote && endpoint.requiresKey && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="request-example-note">
              {exampleNote}
            </Typography>
          )}
        </Box>

        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h3">
            Response
          </Typography>
          <ToggleButtonGroup size="small" exclusive value={format} onChange={(_, v: ResponseFormat | null) => v && setFormat(v)} aria-label="Response format">
            {formats.map((f) => (
              <ToggleButton key={f} value={f} aria-label={f.toUpperCase()}>
                {f.toUpperCase()}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        {executeToolbar && <Box sx={{ mb: 2 }}>{executeToolbar}</Box>}
        <Button
          variant="contained"
          startIcon={running ? <CircularProgress size={16} color="inherit" /> : <PlayArrowIcon />}
          onClick={execute}
          disabled={running}
          sx={{ mb: 2 }}
        >
          {running ? 'Executing...' : 'Execute'}
        </Button>
        <Box aria-live="polite" data-testid="response-panel">
          {result && (
            <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
              <Chip
                label={`${result.status} ${result.statusText ?? ''}`.trim()}
                size="small"
                color={result.status < 300 ? 'success' : result.status < 500 ? 'warning' : 'error'}
              />
              {result.durationMs !== undefined && (
                <Typography variant="caption" color="text.secondary">
                  {Math.round(result.durationMs)} ms
                </Typography>
              )}
            </Stack>
          )}
          {result?.headers && <ResponseHeaders headers={result.headers} />}
          <CodeBlock label={result ? `Response (${format.toUpperCase()})` : `Example response (${format.toUpperCase()})`} code={shown} maxHeight={420} />
        </Box>
      </CardContent>
    </Card>
  );
}
