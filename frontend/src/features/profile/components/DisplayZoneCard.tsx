import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import { formatInstant, useDisplayZone, zoneAbbreviation } from '../../../lib/time';
import { useDisplayZoneSetting, useZoneNames } from '../api';

const BROWSER = '__browser__';

/** The server's names, else (while they load, or if they can't) the browser's; UTC always among them. */
function zoneNames(server: string[] | undefined): string[] {
  const names = server?.length ? server : ((Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? []);
  return names.includes('UTC') ? names : ['UTC', ...names];
}

/** Profile → Display time zone: the zone every page writes times in and cuts usage days in; default the browser's. */
export function DisplayZoneCard() {
  const { saved, browser, utc } = useDisplayZone();
  const update = useDisplayZoneSetting();
  const server = useZoneNames().data;
  const options = useMemo(() => [BROWSER, ...zoneNames(server)], [server]);
  const label = (zone: string) => (zone === BROWSER ? `Browser's zone (${browser}, ${zoneAbbreviation(browser)})` : `${zone} (${zoneAbbreviation(zone)})`);
  const choose = async (zone: string | null) => {
    if (zone === null) return;
    const next = zone === BROWSER ? null : zone;
    try {
      await update.mutateAsync(next);
      toast({ title: 'Preferences Saved', description: `Times now show in ${next ?? `your browser's zone (${browser})`}.` });
    } catch (error) {
      toast({ title: 'Error', description: isApiError(error) ? error.detail : 'Failed to save your time zone.', variant: 'destructive' });
    }
  };
  const shown = saved ?? browser;
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Display time zone
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Every time in the dashboard and the console is written in this zone, and Usage and Requests count their days from its midnight. The UTC switch in the
          header overrides it for one tab.
        </Typography>
        <Autocomplete
          options={options}
          value={saved ?? BROWSER}
          onChange={(_event, value) => void choose(value)}
          getOptionLabel={label}
          disableClearable
          disabled={update.isPending}
          renderInput={(params) => <TextField {...params} label="Time zone" size="small" />}
          data-testid="display-zone"
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="display-zone-now">
          Now: {formatInstant(Date.now(), shown, 'minute')}
          {utc ? ' (this tab shows UTC)' : ''}
        </Typography>
      </CardContent>
    </Card>
  );
}
