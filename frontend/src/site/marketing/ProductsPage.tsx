import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { PageHero, Section } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { apiProducts } from '../../content/products';
import { paths } from '../../config/paths';
import { monoFont } from '../../theme';

const NUMBER_WORDS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
];
/** "Ten", from the product list itself, so the page's count cannot drift from its cards. */
const productCount = NUMBER_WORDS[apiProducts.length] ?? String(apiProducts.length);

export function ProductsPage() {
  usePageMeta('API Products', `${productCount} time zone APIs: ${apiProducts.map((p) => p.name.replace(/ API$/, '')).join(', ')}.`);
  return (
    <>
      <PageHero eyebrow="Products" title="Time Zone APIs for Every Need" subtitle={`${productCount} focused APIs behind one key. Use one, or all of them.`} />
      <Section>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          {apiProducts.map((p) => (
            <Card key={p.id} id={p.id} sx={{ display: 'flex', flexDirection: 'column', scrollMarginTop: 80 }}>
              <CardContent sx={{ flex: 1 }}>
                <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
                  {p.name}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {p.summary}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 2 }}>
                  {p.endpoints.map((e) => (
                    <Chip key={e} label={e} size="small" variant="outlined" sx={{ fontFamily: monoFont, fontSize: 11 }} />
                  ))}
                </Box>
                <Typography variant="subtitle2" component="h3">
                  Features
                </Typography>
                <Box component="ul" sx={{ pl: 0, listStyle: 'none', my: 1 }}>
                  {p.features.map((f) => (
                    <Typography component="li" variant="body2" key={f} sx={{ display: 'flex', gap: 1, mb: 0.5 }}>
                      <CheckCircleOutlineIcon color="success" sx={{ fontSize: 18, mt: '2px' }} aria-hidden />
                      {f}
                    </Typography>
                  ))}
                </Box>
                <Typography variant="subtitle2" component="h3">
                  Use cases
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {p.useCases.join(' · ')}
                </Typography>
              </CardContent>
              <Box sx={{ p: 2, pt: 0 }}>
                <Button component={RouterLink} to={paths.docs} variant="outlined" fullWidth>
                  View Documentation
                </Button>
              </Box>
            </Card>
          ))}
        </Box>
      </Section>
      <Section
        tinted
        id="mcp"
        title="For AI agents: a hosted MCP server"
        subtitle={`The same ${productCount.toLowerCase()} APIs as tools for Claude, Cursor, VS Code and any MCP client.`}
      >
        <Card sx={{ maxWidth: 820, mx: 'auto' }} data-testid="product-mcp">
          <CardContent>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Language models don’t know what time it is and get daylight saving time wrong. Point your assistant at our Model Context Protocol endpoint with
              your API key: it gets the current time, conversions with real DST rules, zone look-up, date calculations and transitions as tools, answered from
              the same tz database as the REST API. Each tool call counts as one request of your plan and shows up in your usage.
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {['POST /mcp', 'Streamable HTTP', 'X-API-Key or Bearer'].map((e) => (
                <Chip key={e} label={e} size="small" variant="outlined" sx={{ fontFamily: monoFont, fontSize: 11 }} />
              ))}
            </Box>
          </CardContent>
          <Box sx={{ p: 2, pt: 0 }}>
            <Button component={RouterLink} to={paths.aiAssistants} variant="contained" fullWidth>
              Use with AI assistants
            </Button>
          </Box>
        </Card>
      </Section>
    </>
  );
}
