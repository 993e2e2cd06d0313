import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function StatusPage() {
  usePageMeta('StatusPage', 'StatusPage');
  return <PageHero title="StatusPage" subtitle="Coming soon" />;
}
