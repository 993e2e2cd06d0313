import { PageHero, Section } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { useApiOrigin } from '../../config/publicConfig';
import { McpGuide } from '../../components/api-reference/McpGuide';
import { openapiSpec } from '../../lib/api-reference/spec';

/** /docs/ai-assistants: the hosted MCP server for Claude, Cursor, VS Code and other MCP clients. */
export function AiAssistantsPage() {
  const apiOrigin = useApiOrigin();
  usePageMeta('Use with AI assistants', 'Connect Claude, Cursor, VS Code or any MCP client to the TimeZone API: a hosted MCP server on your API key.');
  return (
    <>
      <PageHero
        eyebrow="API Docs"
        title="Use with AI assistants"
        subtitle="A hosted MCP server: the current time, conversions and DST rules as tools for your agent, on your API key and plan."
      />
      <Section>
        <McpGuide spec={openapiSpec} origin={apiOrigin} heading={false} />
      </Section>
    </>
  );
}
