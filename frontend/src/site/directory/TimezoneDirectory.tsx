import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { monoFont } from '../../theme';
import { toast } from '../../components/ui/toast';
import { cityOf, downloadText, filterAndSortZones, regionLabel, regionsOf, zonesToCsv, type ZoneEntry, type ZoneSort } from './zones';

const PAGE_SIZE = 48;

export function ZoneStats({ zones }: { zones: ZoneEntry[] }) {
  const countries = new Set(zones.map((z) => z.country).filter(Boolean)).size;
  const tiles = [
    { label: 'Time zones', value: zones.length },
    { label: 'Regions covered', value: regionsOf(zones).length },
    { label: 'Countries', value: countries },
    { label: 'Observe DST', value: zones.filter((z) => z.dst).length },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, mb: 4 }}>
      {tiles.map((t) => (
        <Card key={t.label} data-testid="zone-stat">
          <CardContent sx={{ textAlign: 'center' }}>
            <Typography variant="h4" component="p" color="primary" sx={{ fontWeight: 800 }}>
              {t.value}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t.label}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** Searchable, filterable, sortable list of zones with a CSV export of what is shown. */
export function TimezoneDirectory({ zones }: { zones: ZoneEntry[] }) {
  const [search, setSearch] = useState('');
  const [region, setRegion] = useState('all');
  const [sort, setSort] = useState<ZoneSort>('city');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const regions = useMemo(() => regionsOf(zones), [zones]);
  const shown = useMemo(() => filterAndSortZones(zones, { search, region, sort }), [zones, search, region, sort]);

  const exportCsv = () => {
    downloadText('timezones.csv', zonesToCsv(shown), 'text/csv;charset=utf-8');
    toast({ title: 'Download Started', description: `${shown.length} time zones exported to timezones.csv` });
  };

  return (
    <Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr auto' }, alignItems: 'center', mb: 2 }}>
        <TextField
          placeholder="Search by city, country or identifier..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setLimit(PAGE_SIZE);
          }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search time zones' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <FormControl>
          <InputLabel id="region-label">Region</InputLabel>
          <Select
            labelId="region-label"
            label="Region"
            value={region}
            onChange={(e) => setRegion(e.target.value)}
            inputProps={{ 'data-testid': 'region-select' }}
          >
            <MenuItem value="all">All regions</MenuItem>
            {regions.map((r) => (
              <MenuItem key={r} value={r}>
                {regionLabel(r)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <InputLabel id="sort-label">Sort by</InputLabel>
          <Select labelId="sort-label" label="Sort by" value={sort} onChange={(e) => setSort(e.target.value as ZoneSort)}>
            <MenuItem value="city">City</MenuItem>
            <MenuItem value="region">Region</MenuItem>
            <MenuItem value="identifier">Identifier</MenuItem>
            <MenuItem value="offset">UTC offset</MenuItem>
          </Select>
        </FormControl>
        <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={exportCsv} disabled={shown.length === 0} sx={{ height: 56 }}>
          Export CSV
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} aria-live="polite" data-testid="zone-count">
        Showing {shown.length} of {zones.length} time zones
      </Typography>
      {shown.length === 0 ? (
        <Typography sx={{ py: 6, textAlign: 'center' }} color="text.secondary">
          No time zones match your search.
        </Typography>
      ) : (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' } }}
          data-testid="zone-list"
        >
          {shown.slice(0, limit).map((z) => (
            <Card key={z.zone} data-testid="zone-card">
              <CardContent>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                  {cityOf(z)}
                </Typography>
                <Typography variant="body2" sx={{ fontFamily: monoFont, wordBreak: 'break-all' }} color="text.secondary">
                  {z.zone}
                </Typography>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {z.country ?? '—'} · {regionLabel(z.region)}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                  <Chip label={`UTC${z.utc_offset}${z.abbreviation && !/^(GMT|UTC)?[+-]/.test(z.abbreviation) ? ` · ${z.abbreviation}` : ''}`} size="small" />
                  <Chip label={z.dst ? 'DST' : 'No DST'} size="small" color={z.dst ? 'warning' : 'default'} variant="outlined" />
                </Box>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
      {shown.length > limit && (
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={() => setLimit((l) => l + PAGE_SIZE * 2)}>
            Show more ({shown.length - limit} more)
          </Button>
        </Box>
      )}
    </Box>
  );
}
