import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, RecordContextProvider, testDataProvider } from 'react-admin';
import * as toastModule from '../../components/ui/toast';
import type { AdminApiKey, AdminUser } from '../dataProvider';
import { BlockToggleButton, ManageUserButton } from './UserActions';
import { RotateKeyButton } from '../apiKeys/RotateKeyButton';

const user: AdminUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  plan: 'free',
  role: 'user',
  isBlocked: false,
  emailVerified: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  profileImageUrl: null,
  closedAt: null,
};
const apiKey: AdminApiKey = { id: 'k1', name: 'Production', keyPrefix: 'tzk_live_AbCd', isActive: true, createdAt: '', lastUsedAt: null, userId: 'u1', userEmail: 'ada@example.com' };

function renderWith(ui: React.ReactNode, record: object, methods: Record<string, unknown>) {
  const dataProvider = testDataProvider(methods as never);
  return render(
    <AdminContext dataProvider={dataProvider}>
      <RecordContextProvider value={record}>{ui}</RecordContextProvider>
    </AdminContext>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('admin actions', () => {
  it('blocks through the data provider and toasts success', async () => {
    const toast = vi.spyOn(toastModule, 'toast');
    const blockUser = vi.fn(async () => ({ data: { ...user, isBlocked: true } }));
    renderWith(<BlockToggleButton />, user, { blockUser });
    await userEvent.click(screen.getByRole('button', { name: 'Block ada@example.com' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'User status updated successfully' })));
    expect(blockUser).toHaveBeenCalledWith('u1');
  });

  it('toasts the spec error when blocking fails', async () => {
    const toast = vi.spyOn(toastModule, 'toast');
    renderWith(<BlockToggleButton />, { ...user, isBlocked: true }, { unblockUser: vi.fn(async () => Promise.reject(new Error('500'))) });
    await userEvent.click(screen.getByRole('button', { name: 'Unblock ada@example.com' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Error', description: 'Failed to update user status', variant: 'destructive' })));
  });

  it("a paying subscriber's plan change is refused with the reason", async () => {
    const toast = vi.spyOn(toastModule, 'toast');
    const detail = 'This user pays through an active subscription, and the plan follows it. Change or cancel the subscription in the billing provider.';
    const changePlan = vi.fn().mockRejectedValueOnce(new HttpError(detail, 409, { status: 409, code: 'subscription_active', detail }));
    renderWith(<ManageUserButton />, user, { changePlan });
    await userEvent.click(screen.getByRole('button', { name: 'Manage ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage User' });
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: 'Free' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Plan' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Error', description: detail, variant: 'destructive' })));
    expect(screen.getByRole('dialog', { name: 'Manage User' })).toBeInTheDocument();
  });

  it('changes the plan in the Manage User dialog; a failure toasts the spec error', async () => {
    const toast = vi.spyOn(toastModule, 'toast');
    const changePlan = vi.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce({ data: { ...user, plan: 'enterprise' } });
    renderWith(<ManageUserButton />, user, { changePlan });
    await userEvent.click(screen.getByRole('button', { name: 'Manage ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage User' });
    await userEvent.click(within(dialog).getByRole('combobox'));
    for (const name of ['Free', 'Premium']) expect(screen.getByRole('option', { name })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Enterprise' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Plan' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'Failed to update user plan' })));
    expect(screen.getByRole('dialog', { name: 'Manage User' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Plan' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'User plan updated successfully' })));
    expect(changePlan).toHaveBeenLastCalledWith('u1', 'enterprise');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('rotates after the confirmation dialog with the spec text', async () => {
    const toast = vi.spyOn(toastModule, 'toast');
    const rotateKey = vi.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce({ data: apiKey });
    renderWith(<RotateKeyButton />, apiKey, { rotateKey });
    await userEvent.click(screen.getByRole('button', { name: 'Rotate Production' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate API Key' });
    expect(within(dialog).getByText('This will generate a new API key for "Production". The old key will be invalidated immediately.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate Key' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'Failed to rotate API key' })));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate Key' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'API key rotated successfully' })));
    expect(rotateKey).toHaveBeenCalledWith('k1');
  });
});
