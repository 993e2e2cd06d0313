import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';

/**
 * A table wider than a phone: it scrolls sideways inside its card (keyboard-focusable region), and while columns
 * are hidden to the right a fading edge and a "Scroll for more" caption say so.
 */
export function ScrollableTable({ label, children, sx }: { label: string; children: ReactNode; sx?: SxProps<Theme> }) {
  const ref = useRef<HTMLDivElement>(null);
  const [moreToTheRight, setMoreToTheRight] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setMoreToTheRight(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  return (
    <Box sx={[{ position: 'relative' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {moreToTheRight && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, mb: 0.5 }}
          data-testid="scroll-hint"
        >
          Scroll for more <ArrowForwardIcon fontSize="inherit" aria-hidden />
        </Typography>
      )}
      <Box sx={{ position: 'relative' }}>
        <TableContainer component={Card} ref={ref} tabIndex={0} role="region" aria-label={`${label} (scrollable)`}>
          {children}
        </TableContainer>
        {moreToTheRight && (
          <Box
            aria-hidden
            sx={(theme) => ({
              position: 'absolute',
              top: 1,
              bottom: 1,
              right: 1,
              width: 48,
              pointerEvents: 'none',
              borderTopRightRadius: 14,
              borderBottomRightRadius: 14,
              background: `linear-gradient(to right, transparent, ${(theme.vars ?? theme).palette.background.paper})`,
            })}
          />
        )}
      </Box>
    </Box>
  );
}
