import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { SiteHeader } from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import { PageErrorBoundary } from '../ui/PageError';
import { paths } from '../../config/paths';

function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link href="#main" sx={{ position: 'absolute', left: -9999, '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}>
        Skip to content
      </Link>
      <ScrollToTop />
      <SiteHeader />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <PageErrorBoundary resetKey={pathname} wayBack={{ href: paths.home, label: 'Go to Homepage' }}>
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </Box>
      <SiteFooter />
    </Box>
  );
}
