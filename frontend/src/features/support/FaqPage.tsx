import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { PageHero, Section } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { FaqAccordion } from '../../components/marketing/FaqAccordion';
import { countByCategory, faqCategories, faqQuestions, fillPlanFigures, filterFaq, type FaqCategoryId, type FaqQuestion } from '../../content/faq';
import { usePublicConfig } from '../../config/publicConfig';
import { paths } from '../../config/paths';

export function FaqBrowser({ questions = faqQuestions }: { questions?: FaqQuestion[] }) {
  const [category, setCategory] = useState<FaqCategoryId | 'all'>('all');
  const [text, setText] = useState('');
  const counts = useMemo(() => countByCategory(questions), [questions]);
  const shown = filterFaq(questions, category, text);
  const chips = [{ id: 'all' as const, label: 'All Questions', count: questions.length }, ...faqCategories.map((c) => ({ ...c, count: counts[c.id] }))];
  const clear = () => {
    setCategory('all');
    setText('');
  };
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <TextField
        fullWidth
        placeholder="Search questions..."
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': 'Search questions' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 2, bgcolor: 'background.paper' }}
      />
      <Box role="group" aria-label="Categories" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>
        {chips.map((c) => (
          <Chip
            key={c.id}
            label={`${c.label} ${c.count}`}
            color={category === c.id ? 'primary' : 'default'}
            variant={category === c.id ? 'filled' : 'outlined'}
            onClick={() => setCategory(c.id)}
            aria-pressed={category === c.id}
          />
        ))}
      </Box>
      {shown.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6 }} data-testid="faq-empty">
          <SearchOffIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h6" component="p">
            No results found
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Try adjusting your search terms or select a different category.
          </Typography>
          <Button variant="outlined" onClick={clear}>
            Clear filters
          </Button>
        </Box>
      ) : (
        <FaqAccordion key={`${category}|${text}`} idPrefix="faq" items={shown} headingLevel="h2" />
      )}
    </Box>
  );
}

export function FaqPage() {
  usePageMeta('Frequently Asked Questions', 'Answers about getting started, API usage, billing, security and time zone data.');
  const { data: config } = usePublicConfig();
  const questions = useMemo(() => fillPlanFigures(faqQuestions, config?.plans), [config]);
  return (
    <>
      <PageHero eyebrow="FAQ" title="Frequently Asked Questions" subtitle="Everything you need to know about the TimeZone API." />
      <Section>
        <FaqBrowser questions={questions} />
        <Box sx={{ textAlign: 'center', mt: 6 }}>
          <Typography variant="h6" component="p" sx={{ mb: 2 }}>
            Still have questions?
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" component={RouterLink} to={paths.support}>
              Contact Support
            </Button>
            <Button variant="outlined" component={RouterLink} to={paths.help}>
              Visit Help Center
            </Button>
          </Stack>
        </Box>
      </Section>
    </>
  );
}
