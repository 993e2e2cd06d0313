import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function DocsPage() {
  usePageMeta('DocsPage', 'DocsPage');
  return <PageHero title="DocsPage" subtitle="Coming soon" />;
}
