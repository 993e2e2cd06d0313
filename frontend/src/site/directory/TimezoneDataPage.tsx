import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { PageHero, Section } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { paths } from '../../config/paths';
import { fetchZones } from './zones';
import { fetchReleases, releasesQueryKey } from './releases';
import { DataUpdates } from './DataUpdates';
import { TimezoneDirectory, ZoneStats } from './TimezoneDirectory';
import { GetStartedButton } from '../../components/marketing/GetStartedButton';

export function TimezoneDataPage() {
  usePageMeta('Time Zone Directory', 'Every IANA time zone with its country, region, current UTC offset and DST flag. Search, filter, sort and export as CSV.');
  const { data, isPending, isError } = useQuery({ queryKey: ['public-timezones'], queryFn: fetchZones });
  const releases = useQuery({ queryKey: releasesQueryKey, queryFn: fetchReleases });
  const active = releases.data?.find((r) => r.active);
  return (
    <>
      <PageHero
        eyebrow="Data & Reference"
        title="Time Zone Directory"
        subtitle="The same zone data the API serves: country, region, current UTC offset and DST for every IANA zone."
      >
        {active && (
          <Chip
            label={`tz database ${active.version}`}
            data-testid="active-release"
            sx={{ mb: 2, color: '#fff', borderColor: 'rgba(255,255,255,0.6)' }}
            variant="outlined"
          />
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <GetStartedButton variant="contained" color="secondary">
            Get Free API Key
          </GetStartedButton>
          <Button variant="outlined" component={RouterLink} to={paths.docs} sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.6)' }}>
            View API Docs
          </Button>
        </Stack>
      </PageHero>
      <Section>
        {isError && <Alert severity="error">The time zone list could not be loaded. Please try again later.</Alert>}
        {isPending && (
          <Box>
            <Skeleton variant="rounded" height={100} sx={{ mb: 2 }} />
            <Skeleton variant="rounded" height={400} />
          </Box>
        )}
        {data && (
          <>
            <ZoneStats zones={data} />
            <TimezoneDirectory zones={data} />
          </>
        )}
        <DataUpdates releases={releases.data} isPending={releases.isPending} isError={releases.isError} />
      </Section>
    </>
  );
}
