import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { CodeBlock } from '../ui/CodeBlock';
import { CopyButton } from '../ui/CopyButton';
import { usePublicConfig } from '../../config/publicConfig';
import { monoFont } from '../../theme';
import type { OpenApiDocument } from '../../lib/api-reference/model';
import { MCP_PATH, mcpClientConfigs, mcpTools, toolCallMessage } from '../../lib/api-reference/mcp';

/**
 * "Use with AI assistants": the hosted MCP server's URL, copyable set-ups for the common MCP clients, the tools and
 * how keys, limits and errors work. Shown on /docs/ai-assistants and inside the docs explorer (site and dashboard).
 */
export function McpGuide({
  spec,
  origin,
  apiKey = 'YOUR_API_KEY',
  heading = true,
  playgroundHint = true,
}: {
  spec: OpenApiDocument;
  origin: string;
  apiKey?: string;
  heading?: boolean;
  /** Points to the dashboard playground (left out when the guide is shown inside it). */
  playgroundHint?: boolean;
}) {
  const url = `${origin}${MCP_PATH}`;
  const configs = mcpClientConfigs(url, apiKey);
  const tools = mcpTools(spec);
  const [tab, setTab] = useState(configs[0].id);
  const config = configs.find((c) => c.id === tab) ?? configs[0];
  const { data: publicConfig } = usePublicConfig();
  const freeQuota = publicConfig?.plans.find((p) => p.id === 'free')?.quota?.label;
  const curl = [
    `curl -X POST "${url}"`,
    `  -H "X-API-Key: ${apiKey}"`,
    '  -H "Content-Type: application/json"',
    '  -H "Accept: application/json, text/event-stream"',
    `  -d '${JSON.stringify(toolCallMessage(1, 'get_current_time', { timezone: 'Europe/London' }))}'`,
  ].join(' \\\n');

  // Without its own h2 (the page's h1 names it), the sections are the page's h2s.
  const section = heading ? 'h3' : 'h2';
  const subsection = heading ? 'h4' : 'h3';
  return (
    <Stack spacing={3} data-testid="mcp-guide">
      <Card>
        <CardContent>
          {heading && (
            <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
              Use with AI assistants
            </Typography>
          )}
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Language models don’t know what time it is, and they get daylight saving time wrong. Our hosted Model Context Protocol (MCP) server gives Claude,
            Cursor, VS Code and any other MCP client the API’s answers as tools, on your API key, your plan and your usage page. Nothing to install or run.
          </Typography>
          <Typography variant="subtitle2" component={section}>
            Endpoint (Streamable HTTP)
          </Typography>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              p: 1.5,
              mt: 1,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: monoFont,
              wordBreak: 'break-all',
            }}
          >
            <Box component="span" sx={{ flex: 1 }} data-testid="mcp-url">
              {url}
            </Box>
            <CopyButton text={url} label="Copy endpoint URL" />
          </Box>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Typography variant="h5" component={section} sx={{ mb: 1 }}>
            Connect your assistant
          </Typography>
          <Tabs
            value={config.id}
            onChange={(_e, value: string) => setTab(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="MCP clients"
            sx={{ mb: 2 }}
          >
            {configs.map((c) => (
              <Tab key={c.id} value={c.id} label={c.label} data-testid={`mcp-client-${c.id}`} />
            ))}
          </Tabs>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {config.where}
          </Typography>
          <CodeBlock code={config.code} label={`${config.label} configuration`} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {apiKey === 'YOUR_API_KEY' ? (
              <>
                Replace <code>YOUR_API_KEY</code> with a key from the API Keys page of your dashboard. The key can also go in <code>Authorization: Bearer</code>
                .
              </>
            ) : (
              <>This configuration carries your full key: keep it private.</>
            )}
          </Typography>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Typography variant="h5" component={section} sx={{ mb: 2 }}>
            Tools
          </Typography>
          <Stack spacing={1.5} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="mcp-tools">
            {tools.map((t) => (
              <Box component="li" key={t.name}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap', gap: 1 }}>
                  <Chip label={t.name} size="small" sx={{ fontFamily: monoFont }} />
                  <Typography variant="subtitle2">{t.title}</Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {t.description}
                </Typography>
              </Box>
            ))}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Each tool answers exactly what its REST endpoint answers (as structured content, with JSON Schemas for input and output) plus a one-line summary.
            Skipped and repeated wall-clock times are explained in words the model can act on.
          </Typography>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Typography variant="h5" component={section} sx={{ mb: 1 }}>
            Keys, limits and usage
          </Typography>
          <Box component="ul" sx={{ pl: 3, my: 0, '& li': { mb: 0.75 } }}>
            <li>
              <Typography variant="body2">
                The same API keys as the REST API, with their IP and domain restrictions. Every tool call counts as one request of your plan
                {freeQuota ? ` (Free: ${freeQuota}, REST and MCP together)` : ''} and shows up on your Usage page as <code>mcp/&lt;tool&gt;</code>. Connecting
                and listing tools are free.
              </Typography>
            </li>
            <li>
              <Typography variant="body2">
                A missing or unknown key is an HTTP 401 problem (<code>missing_api_key</code>, <code>invalid_api_key</code>), a refused one a 403 (
                <code>inactive_api_key</code>, <code>account_blocked</code>, <code>ip_not_allowed</code>, <code>domain_not_allowed</code>): your client reports
                it when it connects.
              </Typography>
            </li>
            <li>
              <Typography variant="body2">
                A call over your plan’s limit, or with a bad argument, is a tool result with <code>isError: true</code>: its text starts with the problem code (
                <code>rate_limited</code>, <code>validation_failed</code>, <code>invalid_timezone</code>, <code>invalid_local_time</code>…) and names the field,
                and the problem document follows as JSON.
              </Typography>
            </li>
            <li>
              <Typography variant="body2">
                The server is stateless: no session, JSON answers, any instance answers any request. GET and DELETE on the endpoint answer 405.
              </Typography>
            </li>
          </Box>
          {playgroundHint && (
            <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
              Try it without a client: the playground in your dashboard (API Docs / Playground) lists the tools and calls one with your key.
            </Alert>
          )}
          <Typography variant="subtitle2" component={subsection} sx={{ mt: 2, mb: 1 }}>
            The raw protocol (one JSON-RPC message per POST)
          </Typography>
          <CodeBlock code={curl} label="cURL" />
        </CardContent>
      </Card>
    </Stack>
  );
}
