import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function FaqPage() {
  usePageMeta('FaqPage', 'FaqPage');
  return <PageHero title="FaqPage" subtitle="Coming soon" />;
}
