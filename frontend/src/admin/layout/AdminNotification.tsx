import { Notification, type NotificationProps } from 'react-admin';
import { TOAST_DURATION_MS } from '../../components/ui/toast';

/**
 * The console's notifications (react-admin's useNotify): one at a time and 5 s like the site's toasts, with the
 * same test id the journeys look for.
 */
export function AdminNotification(props: NotificationProps) {
  return <Notification {...props} autoHideDuration={TOAST_DURATION_MS} slotProps={{ ...props.slotProps, content: { 'data-testid': 'toast' } as object }} />;
}
