import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import Chip from '@mui/material/Chip';
import { brandGradient, onDarkSurface } from '../../theme';

/** The coloured band at the top of each public page, with the page's one h1. */
export function PageHero({ eyebrow, title, subtitle, children }: { eyebrow?: string; title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <Box
      component="section"
      sx={{
        ...onDarkSurface,
        background: brandGradient,
        color: '#fff',
        py: { xs: 6, md: 9 },
      }}
    >
      <Container maxWidth="lg" sx={{ textAlign: 'center' }}>
        {eyebrow && <Chip label={eyebrow} size="small" sx={{ mb: 2, bgcolor: 'rgba(255,255,255,0.14)', color: '#fff', fontWeight: 600 }} />}
        <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.88, maxWidth: 760, mx: 'auto' }}>
            {subtitle}
          </Typography>
        )}
        {children && <Box sx={{ mt: 4 }}>{children}</Box>}
      </Container>
    </Box>
  );
}

export function Section({
  title,
  subtitle,
  children,
  id,
  tinted,
}: {
  title?: string;
  subtitle?: ReactNode;
  children: ReactNode;
  id?: string;
  tinted?: boolean;
}) {
  return (
    <Box
      component="section"
      id={id}
      sx={{
        py: { xs: 6, md: 9 },
        bgcolor: tinted ? 'action.hover' : 'transparent',
        borderTop: tinted ? 1 : 0,
        borderBottom: tinted ? 1 : 0,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        {title && (
          <Box sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography color="text.secondary" sx={{ maxWidth: 720, mx: 'auto' }}>
                {subtitle}
              </Typography>
            )}
          </Box>
        )}
        {children}
      </Container>
    </Box>
  );
}
