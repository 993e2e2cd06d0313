import Box from '@mui/material/Box';
import { methodColors, monoFont } from '../../theme';

/** GET green, POST blue (spec), others by convention. */
export function MethodBadge({ method, size = 'small' }: { method: string; size?: 'small' | 'medium' }) {
  return (
    <Box
      component="span"
      data-method={method}
      sx={{
        display: 'inline-block',
        minWidth: size === 'small' ? 44 : 56,
        textAlign: 'center',
        px: 0.75,
        py: size === 'small' ? 0.1 : 0.4,
        borderRadius: 1,
        fontFamily: monoFont,
        fontSize: size === 'small' ? 11 : 13,
        fontWeight: 700,
        color: '#fff',
        bgcolor: methodColors[method] ?? '#475569',
        flexShrink: 0,
      }}
    >
      {method}
    </Box>
  );
}
