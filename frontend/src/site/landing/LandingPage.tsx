import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PublicIcon from '@mui/icons-material/Public';
import SpeedIcon from '@mui/icons-material/Speed';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import WbSunnyOutlinedIcon from '@mui/icons-material/WbSunnyOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import DataObjectIcon from '@mui/icons-material/DataObject';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Section } from '../../components/ui/PageHero';
import { usePageMeta, SITE_NAME } from '../../components/ui/usePageMeta';
import { CodeBlock } from '../../components/ui/CodeBlock';
import { PricingCards } from '../../components/marketing/PricingCards';
import { FaqAccordion } from '../../components/marketing/FaqAccordion';
import { useApiOrigin, usePublicConfig } from '../../config/publicConfig';
import { paths } from '../../config/paths';
import { DemoResponse } from './DemoResponse';
import { WorldClocks } from './WorldClocks';
import { GetStartedButton } from '../../components/marketing/GetStartedButton';
import { brandGradient, onDarkSurface } from '../../theme';

const features = [
  { icon: <PublicIcon />, title: 'Every IANA time zone', text: 'All canonical zones and their legacy names, with countries, regions and main cities.' },
  {
    icon: <SwapHorizIcon />,
    title: 'Conversion you can trust',
    text: 'Convert between any two zones, or to up to 100 at once, with explicit DST gap and overlap handling.',
  },
  { icon: <WbSunnyOutlinedIcon />, title: 'DST done right', text: 'Know when daylight saving starts and ends, and whether it is active right now.' },
  { icon: <MyLocationIcon />, title: 'Lookup by place or GPS', text: 'Resolve "Paris, France" or a latitude and longitude to the right zone.' },
  {
    icon: <HistoryIcon />,
    title: 'History since 1970',
    text: 'Every offset change of every zone, from the IANA database, updated within 24 hours of a release.',
  },
  { icon: <SpeedIcon />, title: 'Fast answers', text: 'Answers computed in memory and served in milliseconds, with rate-limit headers on every call.' },
  {
    icon: <DataObjectIcon />,
    title: 'JSON, XML or CSV',
    text: 'Pick the format with the Accept header or a format parameter. Errors are RFC 9457 problem documents.',
  },
  { icon: <LockOutlinedIcon />, title: 'Secure keys', text: 'Keys restricted by IP, CIDR range or domain, rotated in one click, sent over TLS 1.2 or higher.' },
];

const testimonials = [
  {
    name: 'Priya Raman',
    role: 'Staff Engineer, Calendly-style scheduling startup',
    quote: 'We deleted two thousand lines of time zone code. DST edge cases that used to page us at 2 AM are simply gone.',
  },
  {
    name: 'Marcus Feld',
    role: 'CTO, cross-border logistics platform',
    quote: 'Lookup by coordinates gives our drivers the right local delivery windows everywhere we operate.',
  },
  {
    name: 'Aiko Tanaka',
    role: 'Lead Developer, live events company',
    quote: 'One multi-zone call and every attendee sees the keynote in their own time. The docs made it a one-afternoon job.',
  },
];

function landingFaq(freeQuota: string) {
  return [
    {
      question: 'How do I get an API key?',
      answer: 'Create a free account, verify your email and open API Keys in your dashboard. Your first key is ready in seconds.',
    },
    {
      question: 'What does the free plan include?',
      answer: `The free plan includes ${freeQuota}, all endpoints and every output format. No credit card is required.`,
    },
    {
      question: 'How do I authenticate requests?',
      answer: 'Send your key in the X-API-Key header (or as Authorization: Bearer <key>). Keys are never accepted in the query string.',
    },
    {
      question: 'How do you handle daylight saving time?',
      answer:
        'Conversions tell you whether DST is active. A local time that does not exist returns a clear invalid_local_time error; a repeated local time returns both options.',
    },
    {
      question: 'What happens if I exceed my plan limit?',
      answer: 'The API answers 429 with a Retry-After header. RateLimit headers on every answer tell you how many requests remain.',
    },
    {
      question: 'How current is the time zone data?',
      answer: 'We track IANA tz database releases and update within 24 hours. The version in use is in every answer\u2019s X-Tzdb-Version header.',
    },
  ];
}

const teaserCode = (origin: string) => `curl "${origin}/api/time/current?timezone=Europe/London" \\
  -H "X-API-Key: YOUR_API_KEY"`;

/**
 * False for the first render, true once the browser has painted it: the hero paints first (the page's largest
 * contentful paint) and the sections below the fold render right after, instead of delaying that first paint.
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the next paint; a task queued from it runs once that paint is done.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

export function LandingPage() {
  const belowTheFold = useAfterFirstPaint();
  usePageMeta(SITE_NAME, 'Accurate time zone data for developers: current time, conversion, lookup, DST and history for every IANA zone through one fast API.');
  const { data: config } = usePublicConfig();
  const apiOrigin = useApiOrigin();
  const freePlan = config?.plans.find((p) => p.id === 'free');
  const stats = [
    { value: config ? `${config.zoneCount}` : '—', label: 'IANA time zones' },
    { value: config ? `${config.countryCount}` : '—', label: 'Countries' },
    { value: config ? `${config.endpointCount}` : '—', label: 'API endpoints' },
    { value: config?.tzdbVersion ?? '—', label: 'tz database version' },
  ];

  return (
    <>
      <Box component="section" sx={{ ...onDarkSurface, background: brandGradient, color: '#fff', py: { xs: 7, md: 11 } }}>
        <Container maxWidth="lg">
          <Box sx={{ display: 'grid', gap: 6, gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' }, alignItems: 'center' }}>
            <Box>
              <Typography variant="h1" sx={{ mb: 2 }}>
                Accurate Time Zone Data for Every Application
              </Typography>
              <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.88, mb: 4 }}>
                Current time, conversion, lookup and DST rules for every IANA time zone, through one fast, reliable API. Start free; upgrade when you grow.
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <GetStartedButton size="large" variant="contained" color="secondary">
                  Get Started Free
                </GetStartedButton>
                <Button size="large" variant="outlined" component={RouterLink} to={paths.docs} sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.6)' }}>
                  View API Docs
                </Button>
              </Stack>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: 'repeat(2, auto)', sm: 'repeat(4, auto)' },
                  gap: { xs: 2, sm: 4 },
                  mt: 5,
                  justifyContent: 'start',
                }}
              >
                {stats.map((s) => (
                  <Box key={s.label}>
                    <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
                      {s.value}
                    </Typography>
                    <Typography variant="caption" sx={{ opacity: 0.8 }}>
                      {s.label}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
            <Card sx={{ p: { xs: 2, sm: 3 } }} aria-label="Try the API">
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                Try it: current time
              </Typography>
              <DemoResponse />
            </Card>
          </Box>
        </Container>
      </Box>

      {belowTheFold && (
        <>
          <Section title="World Clock" subtitle="Live local time in six cities, computed in your browser every second.">
            <WorldClocks />
          </Section>

          <Section tinted title="Everything you need to get time right" subtitle="One API for the hard parts of dates and time zones.">
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
              {features.map((f) => (
                <Card key={f.title}>
                  <CardContent>
                    <Avatar sx={{ bgcolor: 'primary.main', mb: 2 }} aria-hidden>
                      {f.icon}
                    </Avatar>
                    <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                      {f.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {f.text}
                    </Typography>
                  </CardContent>
                </Card>
              ))}
            </Box>
          </Section>

          <Section title="Simple, transparent pricing" subtitle="Start free. Upgrade for unlimited requests, priority support and an uptime SLA.">
            <PricingCards />
          </Section>

          <Section tinted title="Loved by developers">
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
              {testimonials.map((t) => (
                <Card key={t.name} component="figure" sx={{ m: 0 }}>
                  <CardContent>
                    <Box role="img" aria-label="5 out of 5 stars" sx={{ color: '#f59e0b', letterSpacing: 2 }}>
                      ★★★★★
                    </Box>
                    <Typography component="blockquote" sx={{ my: 2, mx: 0 }}>
                      &ldquo;{t.quote}&rdquo;
                    </Typography>
                    <Typography component="figcaption" variant="body2">
                      <strong>{t.name}</strong>
                      <br />
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {t.role}
                      </Box>
                    </Typography>
                  </CardContent>
                </Card>
              ))}
            </Box>
          </Section>

          <Section title="Frequently asked questions">
            <Box sx={{ maxWidth: 820, mx: 'auto' }}>
              <FaqAccordion idPrefix="landing-faq" items={landingFaq(freePlan?.quota?.label ?? 'a free monthly allowance')} />
            </Box>
          </Section>

          <Section tinted title="Documentation that gets you to the first call in minutes">
            <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'center' }}>
              <Box>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  Every endpoint with its parameters, request examples and sample answers in JSON, XML and CSV. Generated from the same OpenAPI document the
                  server is built from, so it never drifts. Download the OpenAPI file or a Postman collection and start calling.
                </Typography>
                <Button variant="contained" component={RouterLink} to={paths.docs}>
                  Explore the API Docs
                </Button>
              </Box>
              <CodeBlock label="cURL" code={teaserCode(apiOrigin)} />
            </Box>
          </Section>

          <Box component="section" sx={{ ...onDarkSurface, py: { xs: 7, md: 9 }, textAlign: 'center', background: brandGradient, color: '#fff' }}>
            <Container maxWidth="md">
              <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
                Ready to get time zones right?
              </Typography>
              <Typography sx={{ mb: 4, opacity: 0.9 }}>Create a free account and make your first call in under five minutes.</Typography>
              <GetStartedButton size="large" variant="contained" color="secondary">
                Get Started Free
              </GetStartedButton>
            </Container>
          </Box>
        </>
      )}
    </>
  );
}
