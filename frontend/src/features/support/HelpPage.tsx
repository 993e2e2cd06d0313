import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import { PageHero, Section } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { FaqAccordion } from '../../components/marketing/FaqAccordion';
import { helpArticles, helpCategories, searchHelp, type HelpArticle } from '../../content/helpArticles';
import { faqQuestions, fillPlanFigures } from '../../content/faq';
import { usePublicConfig } from '../../config/publicConfig';
import { paths } from '../../config/paths';

function ArticleCard({ article, onOpen }: { article: HelpArticle; onOpen: () => void }) {
  return (
    <Card>
      <CardActionArea onClick={onOpen} sx={{ height: '100%' }}>
        <CardContent>
          <Chip label={article.category} size="small" sx={{ mb: 1 }} />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {article.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {article.summary}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function HelpPage() {
  usePageMeta('Help Center', 'Search help articles about accounts, API keys, requests, billing and troubleshooting.');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [open, setOpen] = useState<HelpArticle | null>(null);
  const { data: config } = usePublicConfig();
  const articles = useMemo(() => fillPlanFigures(helpArticles, config?.plans), [config]);
  const results = searchHelp(articles, query).filter((a) => !category || a.category === category);
  const searching = Boolean(query.trim() || category);
  const quickLinks = [
    { to: paths.docs, label: 'API Documentation', icon: <DescriptionOutlinedIcon /> },
    { to: paths.support, label: 'Contact Support', icon: <SupportAgentIcon /> },
    { to: paths.faq, label: 'FAQ', icon: <QuizOutlinedIcon /> },
  ];
  return (
    <>
      <PageHero eyebrow="Help Center" title="How Can We Help You?" subtitle="Search our help articles or browse by category.">
        <TextField
          fullWidth
          placeholder="Search help articles..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          sx={{ maxWidth: 640, bgcolor: 'background.paper', borderRadius: 1 }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search help articles' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
      </PageHero>
      <Section>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mb: 5 }}>
          {quickLinks.map((l) => (
            <Button key={l.to} component={RouterLink} to={l.to} variant="outlined" size="large" startIcon={l.icon} sx={{ py: 2 }}>
              {l.label}
            </Button>
          ))}
        </Box>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          Categories
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 4 }} role="group" aria-label="Help categories">
          {helpCategories.map((c) => (
            <Chip
              key={c}
              label={`${c} (${articles.filter((a) => a.category === c).length})`}
              onClick={() => setCategory(category === c ? null : c)}
              color={category === c ? 'primary' : 'default'}
              aria-pressed={category === c}
            />
          ))}
        </Box>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {searching ? `${results.length} article${results.length === 1 ? '' : 's'} found` : 'Popular articles'}
        </Typography>
        {searching && results.length === 0 ? (
          <Typography color="text.secondary">No articles match your search. Try different words or contact support.</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
            {(searching ? results : articles.filter((a) => a.popular)).map((a) => (
              <ArticleCard key={a.id} article={a} onOpen={() => setOpen(a)} />
            ))}
          </Box>
        )}
      </Section>
      <Section tinted title="Common questions">
        <Box sx={{ maxWidth: 820, mx: 'auto' }}>
          <FaqAccordion idPrefix="help-faq" items={fillPlanFigures(faqQuestions.slice(0, 6), config?.plans)} />
        </Box>
      </Section>
      <Dialog open={Boolean(open)} onClose={() => setOpen(null)} maxWidth="sm" fullWidth>
        {open && (
          <>
            <DialogTitle>{open.title}</DialogTitle>
            <DialogContent>
              <Chip label={open.category} size="small" sx={{ mb: 2 }} />
              <Typography>{open.body}</Typography>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(null)}>Close</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
