import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { PageHero, Section } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { paths } from '../../config/paths';
import { DocsExplorer } from '../../components/api-reference/DocsExplorer';
import { McpGuide } from '../../components/api-reference/McpGuide';
import { openapiSpec } from '../../lib/api-reference/spec';
import { useApiOrigin } from '../../config/publicConfig';

export function DocsPage() {
  const apiOrigin = useApiOrigin();
  usePageMeta('API Documentation', 'Reference for every TimeZone API endpoint: parameters, request examples and sample answers in JSON, XML and CSV.');
  return (
    <>
      <PageHero
        eyebrow="API Docs"
        title="API Documentation"
        subtitle="Every endpoint, its parameters and example answers, generated from the OpenAPI document the server is built from."
      />
      <Section>
        <Box sx={{ mb: 3 }}>
          <Alert severity="info" variant="outlined">
            Execute here shows the documented example answer; no call is made. Sign in and use the playground in your dashboard to call the API with your own
            key. Prefer Swagger UI? It is live at{' '}
            <Link href={paths.server.swaggerUi} target="_blank" rel="noopener" underline="always">
              /api/docs
            </Link>
            . Using an AI assistant? Connect it to our{' '}
            <Link component={RouterLink} to={paths.aiAssistants} underline="always">
              hosted MCP server
            </Link>
            . Every error code is explained on{' '}
            <Link component={RouterLink} to={paths.docsErrors} underline="always">
              API Errors
            </Link>
            .
          </Alert>
        </Box>
        <DocsExplorer spec={openapiSpec} snippetOrigin={apiOrigin} aiAssistants={<McpGuide spec={openapiSpec} origin={apiOrigin} />} />
      </Section>
    </>
  );
}
