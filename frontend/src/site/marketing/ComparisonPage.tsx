import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { PageHero, Section } from '../../components/ui/PageHero';
import { ScrollableTable } from '../../components/ui/ScrollableTable';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { usePublicConfig } from '../../config/publicConfig';
import { GetStartedButton } from '../../components/marketing/GetStartedButton';

type Cell = boolean | string;
const categories: { name: string; rows: { feature: string; us: Cell; them: Cell }[] }[] = [
  {
    name: 'Core features',
    rows: [
      { feature: 'Current time by zone', us: true, them: true },
      { feature: 'Conversion between zones', us: true, them: true },
      { feature: 'Multi-zone conversion (up to 100 zones)', us: true, them: false },
      { feature: 'Lookup by place name', us: true, them: 'Limited' },
      { feature: 'Lookup by coordinates', us: true, them: true },
    ],
  },
  {
    name: 'Data quality',
    rows: [
      { feature: 'IANA updates within 24 hours', us: true, them: 'Weeks' },
      { feature: 'Historical offsets since 1970', us: true, them: false },
      { feature: 'Explicit DST gap and overlap handling', us: true, them: false },
    ],
  },
  {
    name: 'Developer experience',
    rows: [
      { feature: 'OpenAPI document and Postman collection', us: true, them: false },
      { feature: 'JSON, XML and CSV output', us: true, them: 'JSON only' },
      { feature: 'RFC 9457 error documents', us: true, them: false },
    ],
  },
  {
    name: 'Security',
    rows: [
      { feature: 'IP and CIDR restrictions per key', us: true, them: false },
      { feature: 'Domain restrictions per key', us: true, them: true },
      { feature: 'Key rotation in one click', us: true, them: false },
    ],
  },
  {
    name: 'Pricing & support',
    rows: [
      { feature: 'Free plan without a credit card', us: true, them: true },
      { feature: 'Unlimited requests on paid plans', us: true, them: false },
      { feature: 'Published uptime SLA with credits', us: true, them: 'Enterprise only' },
    ],
  },
];

function Mark({ value }: { value: Cell }) {
  if (value === true) return <CheckIcon color="success" aria-label="Yes" />;
  if (value === false) return <CloseIcon color="error" aria-label="No" />;
  return <Typography variant="body2">{value}</Typography>;
}

export function ComparisonPage() {
  usePageMeta(
    'Tool Comparison',
    'How the TimeZone API compares with a typical time zone API: features, data quality, developer experience, security and pricing.',
  );
  const { data: config } = usePublicConfig();
  const premium = config?.plans.find((p) => p.id === 'premium');
  const metrics = [
    { value: config ? String(config.zoneCount) : '—', label: 'IANA zones served' },
    { value: config ? String(config.endpointCount) : '—', label: 'Endpoints' },
    { value: premium ? `$${premium.priceMonthly}` : '—', label: 'Unlimited plan per month' },
    { value: '24 h', label: 'IANA update time' },
  ];
  return (
    <>
      <PageHero eyebrow="Comparison" title="TimeZone API vs. a Typical Time Zone API" subtitle="An honest side-by-side across five categories." />
      <Section>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, mb: 6 }}>
          {metrics.map((m) => (
            <Card key={m.label}>
              <CardContent sx={{ textAlign: 'center' }}>
                <Typography variant="h4" component="p" color="primary" sx={{ fontWeight: 800 }}>
                  {m.value}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {m.label}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
        <ScrollableTable label="Feature comparison">
          <Table aria-label="Feature comparison" sx={{ minWidth: 360 }}>
            <TableHead>
              <TableRow>
                <TableCell>Feature</TableCell>
                <TableCell align="center">TimeZone API</TableCell>
                <TableCell align="center">Typical competitor</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {categories.map((c) => [
                <TableRow key={c.name} sx={{ bgcolor: 'action.hover' }}>
                  <TableCell colSpan={3} component="th" scope="rowgroup" sx={{ fontWeight: 700 }}>
                    {c.name}
                  </TableCell>
                </TableRow>,
                ...c.rows.map((r) => (
                  <TableRow key={r.feature}>
                    <TableCell component="th" scope="row">
                      {r.feature}
                    </TableCell>
                    <TableCell align="center">
                      <Mark value={r.us} />
                    </TableCell>
                    <TableCell align="center">
                      <Mark value={r.them} />
                    </TableCell>
                  </TableRow>
                )),
              ])}
            </TableBody>
          </Table>
        </ScrollableTable>
        <Box sx={{ textAlign: 'center', mt: 6 }}>
          <GetStartedButton variant="contained" size="large">
            Sign Up Now - Start Free
          </GetStartedButton>
        </Box>
      </Section>
    </>
  );
}
