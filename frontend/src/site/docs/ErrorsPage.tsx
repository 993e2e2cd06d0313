import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { monoFont } from '../../theme';
import { problemTypes } from './problemTypes';

/** /docs/errors: one section per problem code (id = code), the target of every problem answer's `type`. */
export function ErrorsPage() {
  usePageMeta('API Errors', 'Every error code the TimeZone API answers with: its HTTP status, what it means and what to do.');
  const { hash } = useLocation();
  // The sections render after the page's chunk loads, so the browser's own jump to #code comes too early.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <PageHero
        eyebrow="API Docs"
        title="API Errors"
        subtitle="Errors are RFC 9457 problem documents (application/problem+json) with a stable code. Each answer's type links to the code's section here."
      />
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Box component="nav" aria-label="Error codes" sx={{ mb: 4 }}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {problemTypes.length} error codes
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, columns: { sm: 2 }, fontFamily: monoFont, fontSize: 14 }}>
            {problemTypes.map((t) => (
              <li key={t.code}>
                <Link href={`#${t.code}`}>{t.code}</Link>
              </li>
            ))}
          </Box>
        </Box>
        {problemTypes.map((t) => (
          <Box component="section" key={t.code} id={t.code} data-testid="problem-type" sx={{ mb: 4, scrollMarginTop: 80 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
              <Typography variant="h5" component="h2" sx={{ fontFamily: monoFont, overflowWrap: 'anywhere' }}>
                {t.code}
              </Typography>
              <Chip size="small" label={`HTTP ${t.status}`} color={t.status >= 500 ? 'error' : 'default'} variant="outlined" />
            </Box>
            <Typography sx={{ fontWeight: 600, mb: 1 }}>{t.title}</Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              <strong>What it means:</strong> {t.meaning}
            </Typography>
            <Typography color="text.secondary">
              <strong>What to do:</strong> {t.action}
            </Typography>
          </Box>
        ))}
      </Container>
    </>
  );
}
