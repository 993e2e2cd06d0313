import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PageHero, Section } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { usePublicConfig } from '../../config/publicConfig';
import { GetStartedButton } from '../../components/marketing/GetStartedButton';

// Sample team bios (illustrative, as the spec describes).
const team = [
  { name: 'Elena Novak', role: 'Founder & CEO', bio: 'Spent a decade building scheduling systems for airlines and learned to fear daylight saving time.' },
  { name: 'David Okafor', role: 'Head of Engineering', bio: 'Distributed systems engineer who keeps the API fast and the tz database current.' },
  { name: 'Mei Lin', role: 'Developer Experience', bio: 'Writes the docs, the guides and the code samples, and answers your support questions.' },
  { name: 'Tomás Rivera', role: 'Reliability', bio: 'Owns uptime, monitoring and the SLA. Has opinions about leap seconds.' },
];

const values = [
  {
    title: 'Correctness first',
    text: 'Time bugs are silent and expensive. We test DST gaps, overlaps and historical offsets for every release of the IANA database.',
  },
  { title: 'Developer respect', text: 'Clear docs, honest limits, standard errors and no surprises on the invoice.' },
  { title: 'Boring reliability', text: 'Stateless servers, a real database, redundancy and a published SLA.' },
];

export function AboutPage() {
  usePageMeta('About Us', 'The team behind the TimeZone API and why we built it.');
  const { data: config } = usePublicConfig();
  return (
    <>
      <PageHero eyebrow="About" title="We Make Time Zones Boring" subtitle="So you never have to think about them again." />
      <Section>
        <Box sx={{ maxWidth: 820, mx: 'auto' }}>
          <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
            Our story
          </Typography>
          <Typography color="text.secondary" component="p" sx={{ mb: 2 }}>
            Every developer eventually meets the bug: a meeting an hour off after the clocks change, an order stamped on the wrong day, a report that double
            counts the hour that happened twice. We met it too many times, so we built the API we wanted to use.
          </Typography>
          <Typography color="text.secondary" component="p" sx={{ mb: 2 }}>
            Today the TimeZone API serves {config ? config.zoneCount : 'hundreds of'} IANA time zones across {config ? config.countryCount : 'almost every'}{' '}
            countries, running tz database {config?.tzdbVersion ?? 'releases within a day of publication'}.
          </Typography>
        </Box>
      </Section>
      <Section tinted title="What we believe">
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {values.map((v) => (
            <Card key={v.title}>
              <CardContent>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  {v.title}
                </Typography>
                <Typography color="text.secondary">{v.text}</Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Section>
      <Section title="The team" subtitle="Sample bios of a small, focused team.">
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
          {team.map((m) => (
            <Card key={m.name}>
              <CardContent sx={{ textAlign: 'center' }}>
                <Avatar sx={{ width: 64, height: 64, mx: 'auto', mb: 2, bgcolor: 'primary.main' }} aria-hidden>
                  {m.name
                    .split(' ')
                    .map((n) => n[0])
                    .join('')}
                </Avatar>
                <Typography variant="h6" component="h3">
                  {m.name}
                </Typography>
                <Typography variant="body2" color="primary" sx={{ mb: 1 }}>
                  {m.role}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {m.bio}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
        <Box sx={{ textAlign: 'center', mt: 6 }}>
          <GetStartedButton variant="contained" size="large">
            Start Building
          </GetStartedButton>
        </Box>
      </Section>
    </>
  );
}
