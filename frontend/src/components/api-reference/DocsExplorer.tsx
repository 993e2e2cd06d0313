import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { toast } from '../ui/toast';
import { paths } from '../../config/paths';
import { monoFont } from '../../theme';
import { MethodBadge } from './MethodBadge';
import { buildCategories, type OpenApiDocument } from '../../lib/api-reference/model';
import { EndpointDetail } from './EndpointDetail';
import { simulatedExecutor, type EndpointExecutor } from './executor';

export type { EndpointExecutor, ExecuteRequest, ExecuteResult } from './executor';

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
