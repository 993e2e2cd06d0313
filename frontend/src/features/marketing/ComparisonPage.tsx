import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function ComparisonPage() {
  usePageMeta('ComparisonPage', 'ComparisonPage');
  return <PageHero title="ComparisonPage" subtitle="Coming soon" />;
}
