import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { formatInstant, type InstantStyle } from './format';
import { useDisplayZone } from './display-zone';

/** An instant written in the display zone (or `zone`), with the exact UTC instant as its machine-readable value and tooltip. */
export function Time({
  value,
  style = 'minute',
  zone,
  sx,
}: {
  value: string | number | Date | null | undefined;
  style?: InstantStyle;
  zone?: string;
  sx?: SxProps<Theme>;
}) {
  const display = useDisplayZone();
  if (value === null || value === undefined || value === '') return <>–</>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>–</>;
  return (
    <Box component="time" dateTime={date.toISOString()} title={date.toISOString()} sx={[{ whiteSpace: 'nowrap' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {formatInstant(date, zone ?? display.zone, style)}
    </Box>
  );
}
