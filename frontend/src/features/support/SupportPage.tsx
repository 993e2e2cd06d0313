import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function SupportPage() {
  usePageMeta('SupportPage', 'SupportPage');
  return <PageHero title="SupportPage" subtitle="Coming soon" />;
}
