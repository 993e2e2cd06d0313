import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { monoFont, onDarkSurface } from '../../theme';
import { CopyButton } from './CopyButton';

export function CodeBlock({ code, label, maxHeight, copyable = true }: { code: string; label?: string; maxHeight?: number | string; copyable?: boolean }) {
  return (
    <Box
      sx={{
        ...onDarkSurface,
        position: 'relative',
        borderRadius: 2,
        bgcolor: '#0f172a',
        color: '#e2e8f0',
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
      }}
    >
      {(label || copyable) && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 0.5, bgcolor: '#1e293b' }}>
          <Typography variant="caption" sx={{ color: '#94a3b8', fontFamily: monoFont }}>
            {label}
          </Typography>
          {copyable && <CopyButton text={code} label={label ? `Copy ${label}` : 'Copy code'} />}
        </Box>
      )}
      <Box
        component="pre"
        tabIndex={0}
        sx={{ m: 0, p: 2, overflow: 'auto', maxHeight, fontFamily: monoFont, fontSize: 13, lineHeight: 1.6, whiteSpace: 'pre' }}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}
