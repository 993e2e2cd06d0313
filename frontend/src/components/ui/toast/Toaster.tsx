import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useToast } from './useToast';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastItem } from './toast-store';

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: () => void }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);
  const destructive = item.variant === 'destructive';

  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissRef.current(), item.duration ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, item.duration, item.id]);

  const onPointerDown = (e: ReactPointerEvent) => {
    if ((e.target as HTMLElement).closest('button')) return;
    start.current = e.clientX;
    setPaused(true);
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (start.current === null) return;
    setOffset(Math.max(0, e.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset > TOAST_SWIPE_THRESHOLD_PX) onDismiss();
    else {
      setOffset(0);
      setPaused(false);
    }
  };

  return (
    <Box
      component="li"
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      tabIndex={0}
      data-variant={item.variant}
      data-testid="toast"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDismiss();
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      sx={{
        listStyle: 'none',
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 2,
        pr: 1,
        borderRadius: 2,
        border: 1,
        borderColor: destructive ? 'error.dark' : 'divider',
        bgcolor: destructive ? 'error.main' : 'background.paper',
        color: destructive ? 'error.contrastText' : 'text.primary',
        boxShadow: '0 10px 30px rgba(15,23,42,0.18)',
        transform: `translateX(${offset}px)`,
        transition: start.current === null ? 'transform 150ms ease-out' : 'none',
        touchAction: 'pan-y',
        userSelect: 'none',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {item.title && (
          <Typography variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
            {item.title}
          </Typography>
        )}
        {item.description && (
          <Typography variant="body2" component="div" sx={{ opacity: 0.9 }}>
            {item.description}
          </Typography>
        )}
        {item.action && <Box sx={{ mt: 1 }}>{item.action}</Box>}
      </Box>
      <IconButton
        size="small"
        aria-label="Close notification"
        onClick={onDismiss}
        sx={{ color: 'inherit', mt: -0.5 }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** The notifications region; F8 moves focus into it. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const regionRef = useRef<HTMLElement>(null);
  const open = toasts.filter((t) => t.open);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      e.preventDefault();
      const first = regionRef.current?.querySelector<HTMLElement>('li');
      (first ?? regionRef.current)?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Box
      component="section"
      ref={regionRef}
      role="region"
      aria-label="Notifications (F8)"
      tabIndex={-1}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar + 10,
        // Clear of the primary actions (Pay, Save, Create, dialog buttons), which sit at the bottom and on the
        // right: on phones at the top (over the app bar), from 600 px at the bottom left.
        top: { xs: 0, sm: 'auto' },
        bottom: { xs: 'auto', sm: 0 },
        left: { xs: 0, sm: 0 },
        right: { xs: 0, sm: 'auto' },
        width: '100%',
        maxWidth: { sm: 420 },
        p: 2,
        outline: 'none',
        pointerEvents: open.length ? 'auto' : 'none',
      }}
    >
      <Box component="ol" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {open.map((item) => (
          <ToastCard key={item.id} item={item} onDismiss={() => dismiss(item.id)} />
        ))}
      </Box>
    </Box>
  );
}
