import { toast } from '../components/ui/toast';
import { paths } from '../config/paths';

export const ADMIN_REDIRECT_DELAY_MS = 500;
let redirecting = false;

/**
 * Spec section 6: on /admin a non-super-admin sees 'Unauthorized' / 'Super admin access required' and goes to
 * /dashboard after 0.5 s; a signed-out visitor goes to /login. Runs once however many calls fail together.
 */
export function denyAdminAccess(reason: 'signed-out' | 'forbidden', navigate: (to: string) => void = (to) => window.location.assign(to)) {
  if (redirecting) return;
  redirecting = true;
  if (reason === 'signed-out') {
    navigate(paths.login);
    redirecting = false;
    return;
  }
  toast({ title: 'Unauthorized', description: 'Super admin access required', variant: 'destructive' });
  setTimeout(() => {
    redirecting = false;
    navigate(paths.dashboard.root);
  }, ADMIN_REDIRECT_DELAY_MS);
}
