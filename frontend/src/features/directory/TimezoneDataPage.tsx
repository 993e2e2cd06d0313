import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

export function TimezoneDataPage() {
  usePageMeta('TimezoneDataPage', 'TimezoneDataPage');
  return <PageHero title="TimezoneDataPage" subtitle="Coming soon" />;
}
