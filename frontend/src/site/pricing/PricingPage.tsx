import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import { PageHero, Section } from '../../components/ui/PageHero';
import { ScrollableTable } from '../../components/ui/ScrollableTable';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { PricingCards } from '../../components/marketing/PricingCards';
import { FaqAccordion } from '../../components/marketing/FaqAccordion';
import { formatPrice, usePublicConfig, type PublicConfig, type PublicPlan } from '../../config/publicConfig';
import { GetStartedButton } from '../../components/marketing/GetStartedButton';

// Feature lines already shown as numbers (quota, SLA) are left out of the check-mark rows.
const NUMERIC_FEATURE = /requests|uptime|SLA|credit card/i;

function ComparisonTable({ plans }: { plans: PublicPlan[] }) {
  // Plans are tiers: a feature of a cheaper plan is included in the dearer ones too.
  const ordered = [...plans].sort((a, b) => a.priceMonthly - b.priceMonthly);
  const included = (plan: PublicPlan, feature: string) => ordered.slice(0, ordered.indexOf(plan) + 1).some((p) => p.features.includes(feature));
  const featureRows = [...new Set(ordered.flatMap((p) => p.features))].filter((f) => !NUMERIC_FEATURE.test(f));
  const rows: { label: string; cell: (p: PublicPlan) => React.ReactNode }[] = [
    { label: 'Monthly price', cell: (p) => formatPrice(p) },
    { label: 'Requests', cell: (p) => (p.quota ? p.quota.label : 'Unlimited') },
    { label: 'Fair-use burst', cell: (p) => (p.burstPerSecond ? `${p.burstPerSecond} requests/second` : '—') },
    { label: 'Uptime SLA', cell: (p) => (p.sla ? `${p.sla}%` : 'No guarantee') },
    { label: 'Permitted downtime per month', cell: (p) => (p.slaMonthlyDowntimeMinutes ? `${p.slaMonthlyDowntimeMinutes} minutes` : '—') },
    ...featureRows.map((f) => ({
      label: f,
      cell: (p: PublicPlan) =>
        included(p, f) ? <CheckIcon color="success" aria-label="Included" /> : <RemoveIcon color="disabled" aria-label="Not included" />,
    })),
  ];
  return (
    <ScrollableTable label="Plan comparison">
      <Table aria-label="Plan comparison" sx={{ minWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell>Feature</TableCell>
            {ordered.map((p) => (
              <TableCell key={p.id} align="center" sx={{ fontWeight: 700 }}>
                {p.name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.label}>
              <TableCell component="th" scope="row">
                {r.label}
              </TableCell>
              {ordered.map((p) => (
                <TableCell key={p.id} align="center">
                  {r.cell(p)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}

export function pricingFaq(config: PublicConfig | undefined) {
  const plan = (id: string) => config?.plans.find((p) => p.id === id);
  const free = plan('free');
  const premium = plan('premium');
  const enterprise = plan('enterprise');
  return [
    {
      question: 'Do I need a credit card for the free plan?',
      answer: `No. The free plan is ${free ? formatPrice(free) : 'free'} and includes ${free?.quota?.label ?? 'a request allowance'}. No card needed.`,
    },
    {
      question: 'What happens when I reach the free limit?',
      answer: 'Further requests answer 429 Too Many Requests with a Retry-After header until the window resets. Upgrade at any time for unlimited requests.',
    },
    {
      question: 'What does unlimited mean?',
      answer: `Premium and Enterprise have no request quota. A fair-use guard of ${premium?.burstPerSecond ?? '—'} (Premium) and ${enterprise?.burstPerSecond ?? '—'} (Enterprise) requests per second protects the service for everyone.`,
    },
    {
      question: 'Can I use the API from AI assistants?',
      answer:
        'Yes, on every plan. Our hosted MCP server at /mcp gives Claude, Cursor, VS Code and other MCP clients the API as tools, on your API key. Each tool call counts as one request of your plan and shows up in your usage. See "Use with AI assistants" in the docs.',
    },
    { question: 'Can I change plans at any time?', answer: 'Yes. Upgrades and plan changes apply immediately and are charged prorated to the card on file.' },
    {
      question: 'What is covered by the SLA?',
      answer: `Premium includes ${premium?.sla ?? '—'}% and Enterprise ${enterprise?.sla ?? '—'}% monthly uptime, with service credits as described on the SLA page.`,
    },
    {
      question: 'Do you offer annual billing?',
      answer: 'Annual billing with a discount is available through sales, and Enterprise annual plans can pay by ACH. Contact us from the support page.',
    },
    { question: 'Are fees refundable?', answer: 'Fees are non-refundable. Price changes are announced 30 days in advance.' },
  ];
}

export function PricingPage() {
  usePageMeta('Pricing', 'Simple pricing for the TimeZone API: a free plan, unlimited Premium and Enterprise with an uptime SLA.');
  const { data: config, isPending } = usePublicConfig();
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple, Transparent Pricing"
        subtitle="Start free. Upgrade when you need unlimited requests, priority support and an SLA."
      />
      <Section>
        <PricingCards headingLevel="h2" />
        {config?.billing.mode === 'sandbox' && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 2 }}>
            Sandbox: no real charges
          </Typography>
        )}
      </Section>
      <Section tinted title="Compare plans">
        {isPending || !config ? <Skeleton variant="rounded" height={360} /> : <ComparisonTable plans={config.plans} />}
      </Section>
      <Section title="Pricing FAQ">
        <Box sx={{ maxWidth: 820, mx: 'auto' }}>
          <FaqAccordion idPrefix="pricing-faq" items={pricingFaq(config)} />
        </Box>
        <Box sx={{ textAlign: 'center', mt: 6 }}>
          <Typography variant="h5" component="p" sx={{ mb: 2 }}>
            Ready to start?
          </Typography>
          <GetStartedButton variant="contained" size="large">
            Get Started Free
          </GetStartedButton>
        </Box>
      </Section>
    </>
  );
}
