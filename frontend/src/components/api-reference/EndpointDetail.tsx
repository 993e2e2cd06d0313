import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { CodeBlock } from '../ui/CodeBlock';
import { CopyButton } from '../ui/CopyButton';
import { toast } from '../ui/toast';
import { monoFont } from '../../theme';
import { MethodBadge } from './MethodBadge';
import { ResponseHeaders } from './ResponseHeaders';
import { useSnippetLanguage } from './useSnippetLanguage';
import { SNIPPET_LANGUAGES, snippet } from '../../lib/api-reference/snippets';
import { requestUrl, type DocEndpoint, type ResponseFormat } from '../../lib/api-reference/model';
import { InlineMarkdown } from './InlineMarkdown';
import type { EndpointExecutor, ExecuteResult } from './executor';

/** One endpoint: its parameters and body, a request example per language, and Execute with the answer. */
export function EndpointDetail({
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
