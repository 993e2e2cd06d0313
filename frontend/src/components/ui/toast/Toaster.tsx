import * as ToastPrimitive from '@radix-ui/react-toast';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useCurrentToast } from './toast-store';

/** The app bars' height (MUI's Toolbar: 56 px on phones, 64 px from 600 px), which the notifications sit below. */
const APP_BAR_HEIGHT_PX = { xs: 56, sm: 64 };

/**
 * The notifications region on Radix's Toast primitive, which brings the spec's behaviour: the 5 s timer (paused while
 * hovered or focused), swipe right to dismiss, Escape, F8 to move focus into the region, and the screen-reader
 * announcement. The store (toast-store) keeps one toast at a time; MUI draws it.
 */
export function Toaster() {
  const item = useCurrentToast();
  const destructive = item?.variant === 'destructive';
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} label="Notification">
      {item && (
        <ToastPrimitive.Root
          key={item.id}
          asChild
          open
          onOpenChange={(open) => !open && dismissToast(item.id)}
          type={destructive ? 'foreground' : 'background'}
          duration={item.duration}
        >
          <Box
            component="li"
            data-testid="toast"
            data-variant={item.variant}
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
              touchAction: 'pan-y',
              userSelect: 'none',
              '&[data-swipe=move]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
              '&[data-swipe=cancel]': { transform: 'translateX(0)', transition: 'transform 150ms ease-out' },
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              {item.title && (
                <ToastPrimitive.Title asChild>
                  <Typography variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
                    {item.title}
                  </Typography>
                </ToastPrimitive.Title>
              )}
              {item.description && (
                <ToastPrimitive.Description asChild>
                  <Typography variant="body2" component="div" sx={{ opacity: 0.9 }}>
                    {item.description}
                  </Typography>
                </ToastPrimitive.Description>
              )}
              {item.action && <Box sx={{ mt: 1 }}>{item.action}</Box>}
            </Box>
            <ToastPrimitive.Close asChild>
              <IconButton size="small" aria-label="Close notification" sx={{ color: 'inherit', mt: -0.5 }}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </ToastPrimitive.Close>
          </Box>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport asChild hotkey={['F8']} label="Notifications ({hotkey})">
        <Box
          component="ol"
          sx={{
            position: 'fixed',
            zIndex: (theme) => theme.zIndex.snackbar + 10,
            // Just below the app bar (its menu button, the avatar menu), on the right, away from the sidebar's avatar
            // and Logout (bottom left) and from the primary actions that sit at the bottom of forms and dialogs (Pay,
            // Save, Create): on phones full width under the 56 px bar, from 600 px at most 420 px under the 64 px bar.
            top: { xs: APP_BAR_HEIGHT_PX.xs, sm: APP_BAR_HEIGHT_PX.sm },
            bottom: 'auto',
            left: { xs: 0, sm: 'auto' },
            right: 0,
            width: '100%',
            maxWidth: { sm: 420 },
            m: 0,
            p: 2,
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            outline: 'none',
            pointerEvents: item ? 'auto' : 'none',
          }}
        />
      </ToastPrimitive.Viewport>
    </ToastPrimitive.Provider>
  );
}
