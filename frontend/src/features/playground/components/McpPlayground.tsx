import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CodeBlock } from '../../../components/ui/CodeBlock';
import { toast } from '../../../components/ui/toast';
import { exampleArguments, mcpRequest, type McpExchange, type McpListedTool, type McpToolResult } from '../../../lib/api-reference/mcp-client';

function refusal(exchange: McpExchange<unknown>): string | null {
  if (exchange.problem) return `${exchange.status}: ${exchange.problem.code ?? ''} ${exchange.problem.detail ?? exchange.problem.title ?? ''}`.trim();
  if (exchange.error) return `${exchange.error.code}: ${exchange.error.message}`;
  return null;
}

/**
 * The MCP server in the dashboard playground: lists the tools and calls one with the picked key, the way an AI
 * assistant does (JSON-RPC over POST /mcp). A call is metered like a REST call and shows up in Usage as mcp/<tool>.
 */
export function McpPlayground({ getKey, onCalled }: { getKey: () => Promise<string>; onCalled?: () => void }) {
  const [tools, setTools] = useState<McpListedTool[] | null>(null);
  const [name, setName] = useState('');
  const [args, setArgs] = useState('{}');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<McpToolResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const fail = (title: string, error: unknown) => toast({ title, description: error instanceof Error ? error.message : String(error), variant: 'destructive' });

  const pick = (tool: McpListedTool) => {
    setName(tool.name);
    setArgs(JSON.stringify(exampleArguments(tool), null, 2));
    setResult(null);
  };

  const list = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const exchange = await mcpRequest<{ tools: McpListedTool[] }>(await getKey(), 'tools/list');
      const refused = refusal(exchange);
      if (refused || !exchange.result) setFailure(refused ?? 'No answer');
      else {
        setTools(exchange.result.tools);
        if (exchange.result.tools[0]) pick(exchange.result.tools[0]);
      }
    } catch (error) {
      fail('Failed to list MCP tools', error);
    } finally {
      setBusy(false);
    }
  };

  const call = async () => {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(args || '{}') as Record<string, unknown>;
    } catch {
      toast({ title: 'Failed to call the tool', description: 'The arguments are not valid JSON.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      const exchange = await mcpRequest<McpToolResult>(await getKey(), 'tools/call', { name, arguments: parsed });
      const refused = refusal(exchange);
      if (refused || !exchange.result) setFailure(refused ?? 'No answer');
      else setResult(exchange.result);
      onCalled?.();
    } catch (error) {
      fail('Failed to call the tool', error);
    } finally {
      setBusy(false);
    }
  };

  const tool = tools?.find((t) => t.name === name);
  const summary = result?.content.find((c) => c.type === 'text')?.text ?? '';
  const detail = result ? (result.structuredContent ?? JSON.parse(result.content[1]?.text ?? 'null')) : null;

  return (
    <Card data-testid="mcp-playground">
      <CardContent>
        <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
          Try the MCP server
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Lists the tools and calls one with the key picked above, as an AI assistant would. Listing is free; a tool call counts as one request and appears in
          your usage as <code>mcp/&lt;tool&gt;</code>.
        </Typography>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Button variant="outlined" onClick={() => void list()} disabled={busy} data-testid="mcp-list-tools">
              List tools
            </Button>
            {tools && (
              <FormControl size="small" sx={{ minWidth: 240 }}>
                <InputLabel id="mcp-tool-label">Tool</InputLabel>
                <Select
                  labelId="mcp-tool-label"
                  label="Tool"
                  value={name}
                  onChange={(e) => pick(tools.find((t) => t.name === e.target.value)!)}
                  data-testid="mcp-tool"
                >
                  {tools.map((t) => (
                    <MenuItem key={t.name} value={t.name}>
                      {t.name}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            )}
            {tools && <Chip label={`${tools.length} tools`} size="small" data-testid="mcp-tool-count" />}
          </Stack>
          {tool && (
            <>
              <Typography variant="body2" color="text.secondary">
                {tool.description}
              </Typography>
              <TextField
                label="Arguments (JSON)"
                multiline
                minRows={3}
                value={args}
                onChange={(e) => setArgs(e.target.value)}
                slotProps={{ htmlInput: { 'data-testid': 'mcp-arguments', style: { fontFamily: 'monospace' } } }}
              />
              <Button variant="contained" onClick={() => void call()} disabled={busy} sx={{ alignSelf: 'flex-start' }} data-testid="mcp-call">
                Call {tool.name}
              </Button>
            </>
          )}
          {failure && (
            <Alert severity="error" data-testid="mcp-failure">
              {failure}
            </Alert>
          )}
          {result && (
            <>
              <Alert severity={result.isError ? 'warning' : 'success'} data-testid="mcp-summary">
                {summary}
              </Alert>
              <CodeBlock code={JSON.stringify(detail, null, 2)} label={result.isError ? 'problem' : 'structuredContent'} maxHeight={360} />
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
