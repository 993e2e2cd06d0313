import { HttpError, type useNotify } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { monoFont } from '../../theme';
import type { TzActivation } from '../dataProvider';
import { problemMessage, type ProblemCode } from '../../lib/api';
import { useFormatInstant } from '../../lib/time';

/** How the release page writes an instant: in the display zone (the header's UTC switch, the account's, the browser's), naming it. */
export const useInstantText: () => (value: string) => string = useFormatInstant;

/** "2026f" > "2026b" > "2025b"; "2026aa" > "2026z" (IANA's release names). */
export function compareTzVersions(a: string, b: string): number {
  const parse = (v: string): [number, string] => {
    const m = /^(\d{4})([a-z]+)$/.exec(v);
    return m ? [Number(m[1]), m[2]] : [0, ''];
  };
  const [ya, la] = parse(a);
  const [yb, lb] = parse(b);
  return ya - yb || la.length - lb.length || (la < lb ? -1 : la > lb ? 1 : 0);
}

export function problemOf(error: unknown): { status: number; code?: ProblemCode; detail: string } {
  if (error instanceof HttpError) {
    return { status: error.status, code: (error.body as { code?: ProblemCode } | undefined)?.code, detail: problemMessage(error) ?? error.message };
  }
  return { status: 0, detail: error instanceof Error ? error.message : String(error) };
}

export function announce(notify: ReturnType<typeof useNotify>, result: TzActivation) {
  if (result.alreadyActive) notify(`Release ${result.version} is already the active release.`, { type: 'info' });
  else notify(`Release ${result.version} is active; every instance follows within seconds.`, { type: 'success' });
}

export function Fact({ label, value, mono }: { label: string; value: string | number; mono?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere', ...(mono && { fontFamily: monoFont }) }}>
        {value}
      </Typography>
    </Box>
  );
}
