import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function TermsPage() {
  usePageMeta('TermsPage', 'TermsPage');
  return <PageHero title="TermsPage" subtitle="Coming soon" />;
}
