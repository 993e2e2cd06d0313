import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import DownloadIcon from '@mui/icons-material/Download';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import { PageHero, Section } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { CodeBlock } from '../../components/ui/CodeBlock';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { useApiOrigin } from '../../config/publicConfig';
import { downloadGuide, guides, withHost, type Guide } from './guides';

const levelColor = { Beginner: 'success', Intermediate: 'warning', Advanced: 'error' } as const;

function GuideCard({ guide }: { guide: Guide }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <Card id={guide.slug} data-testid="guide-card" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', gap: 0.5 }}>
          <Chip label={guide.category} size="small" color="primary" variant="outlined" />
          <Chip label={guide.level} size="small" color={levelColor[guide.level]} />
          <Chip label={`${guide.readMinutes} min read`} size="small" />
        </Stack>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          {guide.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {guide.summary}
        </Typography>
        <Typography variant="subtitle2" component="h3">
          Overview
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {guide.overview}
        </Typography>
        <Typography variant="subtitle2" component="h3">
          Key topics
        </Typography>
        <Box component="ul" sx={{ mt: 0.5, pl: 2.5 }}>
          {guide.keyTopics.map((t) => (
            <Typography component="li" variant="body2" key={t}>
              {t}
            </Typography>
          ))}
        </Box>
        <Accordion expanded={expanded} onChange={(_, v) => setExpanded(v)} disableGutters variant="outlined" sx={{ mt: 1 }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography variant="subtitle2">Tips & code example</Typography>
          </AccordionSummary>
          <AccordionDetails>
            {guide.tips.map((t) => (
              <Typography key={t} variant="body2" sx={{ display: 'flex', gap: 1, mb: 1 }}>
                <LightbulbOutlinedIcon color="warning" sx={{ fontSize: 18, mt: '2px' }} aria-hidden />
                {t}
              </Typography>
            ))}
            <Box sx={{ mt: 2 }}>
              <CodeBlock label={guide.codeLanguage} code={guide.code} />
            </Box>
          </AccordionDetails>
        </Accordion>
      </CardContent>
      <Stack direction="row" spacing={1} sx={{ p: 2, pt: 0 }}>
        <Button component={RouterLink} to={paths.docs} variant="contained" size="small">
          Try in Docs
        </Button>
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() => {
            downloadGuide(guide);
            toast({ title: 'Download Started', description: `${guide.title} downloaded as ${guide.slug}.md` });
          }}
        >
          Download
        </Button>
      </Stack>
    </Card>
  );
}

const moreResources: { title: string; links: { label: string; href: string; internal?: boolean }[] }[] = [
  {
    title: 'Documentation',
    links: [
      { label: 'API reference', href: paths.docs, internal: true },
      { label: 'Swagger UI (live)', href: paths.server.swaggerUi },
      { label: 'OpenAPI document', href: paths.server.openapiJson },
    ],
  },
  {
    title: 'Data & reference',
    links: [
      { label: 'Time zone directory', href: paths.timezoneData, internal: true },
      { label: 'IANA time zone database', href: 'https://www.iana.org/time-zones' },
      { label: 'RFC 9557 date-time with zones', href: 'https://www.rfc-editor.org/rfc/rfc9557' },
    ],
  },
  {
    title: 'Community & help',
    links: [
      { label: 'Help Center', href: paths.help, internal: true },
      { label: 'FAQ', href: paths.faq, internal: true },
      { label: 'Tool comparisons', href: paths.comparison, internal: true },
    ],
  },
];

export function ResourcesPage() {
  const origin = useApiOrigin();
  usePageMeta(
    'Guides & Tutorials',
    'Six guides on time zone best practices, API integration, performance, global applications, testing and daylight saving time.',
  );
  return (
    <>
      <PageHero eyebrow="Resources" title="Guides & Tutorials" subtitle="Practical guides to getting time zones right, with code you can run." />
      <Section>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
          {guides
            .map((guide) => withHost(guide, origin))
            .map((g) => (
              <GuideCard key={g.slug} guide={g} />
            ))}
        </Box>
      </Section>
      <Section tinted title="More resources">
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {moreResources.map((group) => (
            <Card key={group.title}>
              <CardContent>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  {group.title}
                </Typography>
                <Stack spacing={1}>
                  {group.links.map((l) =>
                    l.internal ? (
                      <Link key={l.label} component={RouterLink} to={l.href}>
                        {l.label}
                      </Link>
                    ) : (
                      <Link key={l.label} href={l.href} target={l.href.startsWith('http') ? '_blank' : undefined} rel="noopener noreferrer">
                        {l.label}
                      </Link>
                    ),
                  )}
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Section>
    </>
  );
}
