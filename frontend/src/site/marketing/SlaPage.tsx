import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PageHero, Section } from '../../components/ui/PageHero';
import { ScrollableTable } from '../../components/ui/ScrollableTable';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { usePublicConfig } from '../../config/publicConfig';

function SimpleTable({ label, head, rows }: { label: string; head: string[]; rows: string[][] }) {
  return (
    <ScrollableTable label={label} sx={{ mb: 4 }}>
      <Table aria-label={label} size="small" sx={{ minWidth: 360 }}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 700 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.join('|')}>
              {r.map((c, i) => (
                <TableCell key={i} component={i === 0 ? 'th' : 'td'} scope={i === 0 ? 'row' : undefined}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}

function H2({ children }: { children: string }) {
  return (
    <Typography variant="h5" component="h2" sx={{ mb: 2, mt: 2 }}>
      {children}
    </Typography>
  );
}

export function SlaPage() {
  usePageMeta('Service Level Agreement', 'Uptime commitments, service credits, response-time targets and support response times of the TimeZone API.');
  const { data: config } = usePublicConfig();
  const plan = (id: string) => config?.plans.find((p) => p.id === id);
  const uptime = (id: string) => {
    const p = plan(id);
    if (!p) return ['—', '—'];
    return p.sla ? [`${p.sla}%`, `${p.slaMonthlyDowntimeMinutes ?? '—'} minutes`] : ['No guarantee', '—'];
  };
  return (
    <>
      <PageHero eyebrow="SLA" title="Service Level Agreement" subtitle="Version 2.1 · Last updated January 1, 2024" />
      <Section>
        <Box sx={{ maxWidth: 900, mx: 'auto' }}>
          <H2>Monthly uptime commitment</H2>
          <SimpleTable
            label="Uptime commitment"
            head={['Plan', 'Monthly uptime', 'Permitted downtime per month']}
            rows={['free', 'premium', 'enterprise'].map((id) => [plan(id)?.name ?? id, ...uptime(id)])}
          />
          <H2>Service credits</H2>
          <SimpleTable
            label="Service credits"
            head={['Plan', 'Monthly uptime', 'Credit']}
            rows={[
              ['Premium', '99.9% to 99.0%', '10%'],
              ['Enterprise', '99.95% to 99.9%', '10%'],
              ['Enterprise', '99.9% to 99.0%', '25%'],
              ['Enterprise', 'Below 99.0%', '50%'],
            ]}
          />
          <Typography color="text.secondary" component="p" sx={{ mb: 2 }}>
            Downtime means 5 consecutive minutes in which more than 5% of requests answer with a 5xx error. Credit requests are due within 30 days of the
            incident. Credits are capped at the monthly fee, have no cash value, are the sole remedy and are applied to the next billing cycle. Scheduled
            maintenance is announced at least 72 hours ahead and does not count as downtime.
          </Typography>
          <H2>Response-time targets</H2>
          <SimpleTable
            label="Response-time targets"
            head={['Measure', 'Target']}
            rows={[
              ['Average', 'Under 200 ms'],
              ['95th percentile', 'Under 500 ms'],
              ['99th percentile', 'Under 1000 ms'],
            ]}
          />
          <H2>Support response times</H2>
          <SimpleTable
            label="Support response times"
            head={['Priority', 'Free', 'Premium', 'Enterprise']}
            rows={[
              ['P1 – Critical', 'Best effort', '1 hour', '15 minutes (24/7)'],
              ['P2 – High', 'Best effort', '4 hours', '1 hour'],
              ['P3 – Normal', 'Best effort', '1 business day', '4 hours'],
              ['P4 – Low', 'Best effort', '2 business days', '1 business day'],
            ]}
          />
        </Box>
      </Section>
    </>
  );
}
