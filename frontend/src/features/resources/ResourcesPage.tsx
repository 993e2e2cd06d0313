import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function ResourcesPage() {
  usePageMeta('ResourcesPage', 'ResourcesPage');
  return <PageHero title="ResourcesPage" subtitle="Coming soon" />;
}
