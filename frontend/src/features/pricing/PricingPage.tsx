import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function PricingPage() {
  usePageMeta('PricingPage', 'PricingPage');
  return <PageHero title="PricingPage" subtitle="Coming soon" />;
}
