import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function SolutionsPage() {
  usePageMeta('SolutionsPage', 'SolutionsPage');
  return <PageHero title="SolutionsPage" subtitle="Coming soon" />;
}
