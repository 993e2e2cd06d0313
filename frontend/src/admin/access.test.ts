import { afterEach, describe, expect, it, vi } from 'vitest';
import { denyAdminAccess, ADMIN_REDIRECT_DELAY_MS } from './access';
import { createAdminAuthProvider } from './authProvider';
import * as toastModule from '../components/ui/toast';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('admin access', () => {
  it("a non-super-admin sees 'Unauthorized' / 'Super admin access required' and goes to /dashboard after 0.5 s", () => {
    vi.useFakeTimers();
    const toast = vi.spyOn(toastModule, 'toast');
    const navigate = vi.fn();
    denyAdminAccess('forbidden', navigate);
    denyAdminAccess('forbidden', navigate); // a second failing call in the same moment adds nothing
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Unauthorized', description: 'Super admin access required' }));
    vi.advanceTimersByTime(ADMIN_REDIRECT_DELAY_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/dashboard');
  });

  it('a signed-out visitor goes to /login', () => {
    const navigate = vi.fn();
    denyAdminAccess('signed-out', navigate);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('the auth provider lets a super admin in and names them', async () => {
    const me = { id: 'a1', email: 'root@example.com', firstName: 'Root', lastName: 'Admin', role: 'super_admin', profileImageUrl: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(me), { status: 200 })),
    );
    const auth = createAdminAuthProvider();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getIdentity!()).resolves.toMatchObject({ id: 'a1', fullName: 'Root Admin' });
  });

  it('the auth provider refuses any other role without a react-admin redirect of its own', async () => {
    vi.useFakeTimers();
    const me = { id: 'u1', email: 'user@example.com', firstName: '', lastName: '', role: 'admin', profileImageUrl: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(me), { status: 200 })),
    );
    const toast = vi.spyOn(toastModule, 'toast');
    await expect(createAdminAuthProvider().checkAuth({})).rejects.toMatchObject({ redirectTo: false, message: false });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'Super admin access required' }));
    vi.runAllTimers();
  });
});
