import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function HelpPage() {
  usePageMeta('HelpPage', 'HelpPage');
  return <PageHero title="HelpPage" subtitle="Coming soon" />;
}
