import { PageHero } from '../../../components/ui/PageHero';
import { usePageMeta } from '../../../components/ui/usePageMeta';

export function ResetPasswordPage() {
  usePageMeta('ResetPasswordPage', 'ResetPasswordPage');
  return <PageHero title="ResetPasswordPage" subtitle="Coming soon" />;
}
