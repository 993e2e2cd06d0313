import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function AboutPage() {
  usePageMeta('AboutPage', 'AboutPage');
  return <PageHero title="AboutPage" subtitle="Coming soon" />;
}
