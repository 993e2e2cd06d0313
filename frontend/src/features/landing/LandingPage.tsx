import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function LandingPage() {
  usePageMeta('LandingPage', 'LandingPage');
  return <PageHero title="LandingPage" subtitle="Coming soon" />;
}
