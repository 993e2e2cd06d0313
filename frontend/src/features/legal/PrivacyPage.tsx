import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function PrivacyPage() {
  usePageMeta('PrivacyPage', 'PrivacyPage');
  return <PageHero title="PrivacyPage" subtitle="Coming soon" />;
}
