import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageHero } from '../../components/ui/PageHero';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export function LegalDocument({ title, sections }: { title: string; sections: LegalSection[] }) {
  return (
    <>
      <PageHero title={title} subtitle="Last updated: December 2024" />
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Box component="nav" aria-label="Contents" sx={{ mb: 4 }}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            Contents
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {sections.map((s, i) => (
              <li key={s.heading}>
                {/* The theme's link colour: the browser's default blue fails contrast on the dark background. */}
                <Link href={`#section-${i + 1}`}>{s.heading}</Link>
              </li>
            ))}
          </Box>
        </Box>
        {sections.map((s, i) => (
          <Box component="section" key={s.heading} id={`section-${i + 1}`} sx={{ mb: 4, scrollMarginTop: 80 }}>
            <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
              {i + 1}. {s.heading}
            </Typography>
            {s.paragraphs.map((p) => (
              <Typography key={p} component="p" sx={{ mb: 2 }} color="text.secondary">
                {p}
              </Typography>
            ))}
          </Box>
        ))}
      </Container>
    </>
  );
}
