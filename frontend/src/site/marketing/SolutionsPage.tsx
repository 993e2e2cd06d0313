import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { PageHero, Section } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { CodeBlock } from '../../components/ui/CodeBlock';
import { exampleCode, industries, type CodeLanguage, type Industry } from '../../content/industries';
import { paths } from '../../config/paths';
import { useApiOrigin } from '../../config/publicConfig';

const languages: { id: CodeLanguage; label: string }[] = [
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
  { id: 'curl', label: 'cURL' },
];

function IndustryCard({ industry }: { industry: Industry }) {
  const [language, setLanguage] = useState<CodeLanguage>('javascript');
  const origin = useApiOrigin();
  return (
    <Card id={industry.id} sx={{ scrollMarginTop: 80 }}>
      <CardContent sx={{ p: { xs: 2, md: 4 } }}>
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1.2fr' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="primary">
              {industry.name}
            </Typography>
            <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
              {industry.headline}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {industry.description}
            </Typography>
            <Box component="ul" sx={{ pl: 0, listStyle: 'none' }}>
              {industry.benefits.map((b) => (
                <Typography component="li" key={b} sx={{ display: 'flex', gap: 1, mb: 0.5 }}>
                  <CheckIcon color="success" fontSize="small" aria-hidden /> {b}
                </Typography>
              ))}
            </Box>
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {industry.exampleTitle}
            </Typography>
            <Tabs
              value={language}
              onChange={(_, v: CodeLanguage) => setLanguage(v)}
              aria-label={`${industry.name} code example language`}
              variant="scrollable"
              allowScrollButtonsMobile
            >
              {languages.map((l) => (
                <Tab key={l.id} value={l.id} label={l.label} id={`${industry.id}-tab-${l.id}`} aria-controls={`${industry.id}-panel`} />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`${industry.id}-panel`} aria-labelledby={`${industry.id}-tab-${language}`} sx={{ mt: 1 }}>
              <CodeBlock label={languages.find((l) => l.id === language)!.label} code={exampleCode(industry.example, language, origin)} />
            </Box>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

export function SolutionsPage() {
  usePageMeta(
    'Industry Solutions',
    'How e-commerce, finance, healthcare, travel, software, IoT, events and gaming teams use the TimeZone API, with code in JavaScript, Python and cURL.',
  );
  return (
    <>
      <PageHero
        eyebrow="Solutions"
        title="Time Zone Solutions by Industry"
        subtitle="Eight industries, one API. Every example below calls the real endpoints with your X-API-Key."
      />
      <Section>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center', mb: 4 }} component="nav" aria-label="Industries">
          {industries.map((i) => (
            <Button key={i.id} size="small" variant="outlined" href={`#${i.id}`}>
              {i.name}
            </Button>
          ))}
        </Box>
        <Box sx={{ display: 'grid', gap: 4 }}>
          {industries.map((i) => (
            <IndustryCard key={i.id} industry={i} />
          ))}
        </Box>
        <Box sx={{ textAlign: 'center', mt: 6 }}>
          <Button variant="contained" component={RouterLink} to={paths.docs}>
            Read the API Docs
          </Button>
        </Box>
      </Section>
    </>
  );
}
