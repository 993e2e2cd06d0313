import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function ProductsPage() {
  usePageMeta('ProductsPage', 'ProductsPage');
  return <PageHero title="ProductsPage" subtitle="Coming soon" />;
}
