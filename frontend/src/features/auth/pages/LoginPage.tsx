import { PageHero } from '../../../components/ui/PageHero';
import { usePageMeta } from '../../../components/ui/usePageMeta';

export function LoginPage() {
  usePageMeta('LoginPage', 'LoginPage');
  return <PageHero title="LoginPage" subtitle="Coming soon" />;
}
