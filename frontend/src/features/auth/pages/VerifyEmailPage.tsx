import { PageHero } from '../../../components/ui/PageHero';
import { usePageMeta } from '../../../components/ui/usePageMeta';

export function VerifyEmailPage() {
  usePageMeta('VerifyEmailPage', 'VerifyEmailPage');
  return <PageHero title="VerifyEmailPage" subtitle="Coming soon" />;
}
