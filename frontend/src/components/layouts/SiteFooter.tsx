import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GitHubIcon from '@mui/icons-material/GitHub';
import XIcon from '@mui/icons-material/X';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { paths } from '../../config/paths';
import { SITE_NAME } from '../ui/usePageMeta';
import { onDarkSurface } from '../../theme';

const columns: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: 'Developers',
    links: [
      { label: 'Documentation', to: paths.docs },
      { label: 'API Reference', to: paths.docs },
      { label: 'AI Assistants (MCP)', to: paths.aiAssistants },
      { label: 'Meeting Planner', to: paths.meetingPlanner },
      { label: 'API Status', to: paths.status },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: paths.help },
      { label: 'Contact Us', to: paths.support },
      { label: 'FAQ', to: paths.faq },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: paths.about },
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Terms of Use', to: paths.terms },
      { label: 'SLA', to: paths.sla },
    ],
  },
];

const socials = [
  { label: 'GitHub (coming soon)', icon: <GitHubIcon fontSize="small" /> },
  { label: 'X (coming soon)', icon: <XIcon fontSize="small" /> },
  { label: 'LinkedIn (coming soon)', icon: <LinkedInIcon fontSize="small" /> },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ ...onDarkSurface, bgcolor: '#0f172a', color: '#cbd5e1', pt: 6, pb: 4, mt: 'auto', borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: '2fr 1fr 1fr 1fr' } }}>
          <Box>
            <Typography variant="h6" component="p" sx={{ color: '#fff', mb: 1 }}>
              {SITE_NAME}
            </Typography>
            <Typography variant="body2" sx={{ maxWidth: 320 }}>
              Accurate time zone data for developers: current time, conversion, lookup and DST through one fast API.
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              {socials.map((s) => (
                <IconButton key={s.label} aria-label={s.label} title={s.label} disabled sx={{ color: '#94a3b8', '&.Mui-disabled': { color: '#64748b' } }}>
                  {s.icon}
                </IconButton>
              ))}
            </Stack>
          </Box>
          {columns.map((col) => (
            <Box key={col.title} component="nav" aria-label={col.title}>
              <Typography variant="subtitle2" component="p" sx={{ color: '#fff', mb: 1.5 }}>
                {col.title}
              </Typography>
              <Stack spacing={1}>
                {col.links.map((l) => (
                  <Link key={l.label} component={RouterLink} to={l.to} sx={{ color: '#cbd5e1', '&:hover': { color: '#fff' } }} variant="body2">
                    {l.label}
                  </Link>
                ))}
              </Stack>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" sx={{ mt: 5, pt: 3, borderTop: '1px solid #1e293b', color: '#94a3b8' }}>
          © {year} {SITE_NAME}. All rights reserved.
        </Typography>
        <Typography variant="body2" sx={{ mt: 1, color: '#94a3b8' }}>
          This product includes GeoLite2 data created by MaxMind, available from{' '}
          <Link href="https://www.maxmind.com" sx={{ color: '#cbd5e1', textDecoration: 'underline' }}>
            https://www.maxmind.com
          </Link>{' '}
          (time by IP address; licensed under{' '}
          <Link href="https://creativecommons.org/licenses/by-sa/4.0/" sx={{ color: '#cbd5e1', textDecoration: 'underline' }}>
            CC BY-SA 4.0
          </Link>
          ).
        </Typography>
        <Typography variant="body2" sx={{ mt: 1, color: '#94a3b8' }}>
          Holiday data from the{' '}
          <Link href="https://github.com/commenthol/date-holidays" sx={{ color: '#cbd5e1', textDecoration: 'underline' }}>
            date-holidays
          </Link>{' '}
          project by commenthol and contributors (business time; data from Wikipedia articles, licensed under{' '}
          <Link href="https://creativecommons.org/licenses/by-sa/3.0/" sx={{ color: '#cbd5e1', textDecoration: 'underline' }}>
            CC BY-SA 3.0
          </Link>
          ). Airport codes, names and coordinates from{' '}
          <Link href="https://ourairports.com/data/" sx={{ color: '#cbd5e1', textDecoration: 'underline' }}>
            OurAirports
          </Link>{' '}
          (public domain).
        </Typography>
      </Container>
    </Box>
  );
}
