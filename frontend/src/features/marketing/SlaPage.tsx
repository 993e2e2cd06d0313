import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function SlaPage() {
  usePageMeta('SlaPage', 'SlaPage');
  return <PageHero title="SlaPage" subtitle="Coming soon" />;
}
