import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, RecordContextProvider, testDataProvider } from 'react-admin';
import { AdminNotification } from '../layout/AdminNotification';
import type { AdminApiKey, AdminUser } from '../dataProvider';
import { BlockToggleButton, ManageUserButton } from './UserActions';
import { RotateKeyButton } from '../apiKeys/RotateKeyButton';

const user: AdminUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  plan: 'free',
  planGranted: false,
  role: 'user',
  isBlocked: false,
  emailVerified: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  profileImageUrl: null,
  limits: { hourlyQuota: 100, burstPerSecond: null, custom: false },
  customLimits: { hourlyQuota: null, burstPerSecond: null },
  closedAt: null,
};
const apiKey: AdminApiKey = {
  id: 'k1',
  name: 'Production',
  keyPrefix: 'tzk_live_AbCd',
  isActive: true,
  createdAt: '',
  lastUsedAt: null,
  userId: 'u1',
  userEmail: 'ada@example.com',
};

function renderWith(ui: React.ReactNode, record: object, methods: Record<string, unknown>) {
  const dataProvider = testDataProvider(methods as never);
  return render(
    <AdminContext dataProvider={dataProvider}>
      <RecordContextProvider value={record}>{ui}</RecordContextProvider>
      <AdminNotification />
    </AdminContext>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('admin actions', () => {
  it('blocks after a confirmation, through the data provider, and toasts success', async () => {
    const blockUser = vi.fn(async () => ({ data: { ...user, isBlocked: true } }));
    renderWith(<BlockToggleButton />, user, { blockUser });
    await userEvent.click(screen.getByRole('button', { name: 'Block ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block User' });
    expect(within(dialog).getByText(/will be signed out everywhere/)).toBeInTheDocument();
    expect(blockUser).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block User' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('User status updated successfully'));
    expect(blockUser).toHaveBeenCalledWith('u1');
  });

  it('offers no Block, Unblock or Manage for a closed account', () => {
    const closed = { ...user, email: 'closed-u1@closed.invalid', closedAt: '2026-11-20T00:00:00.000Z' };
    renderWith(
      <>
        <BlockToggleButton />
        <ManageUserButton />
      </>,
      closed,
      {},
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("a block refused because the customer closed the account meanwhile toasts the server's reason", async () => {
    const detail = 'The customer closed this account; it can no longer be changed.';
    const blockUser = vi.fn().mockRejectedValueOnce(new HttpError(detail, 409, { status: 409, code: 'account_closed', title: 'Account closed', detail }));
    renderWith(<BlockToggleButton />, user, { blockUser });
    await userEvent.click(screen.getByRole('button', { name: 'Block ada@example.com' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Block User' })).getByRole('button', { name: 'Block User' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(detail));
  });

  it('toasts the spec error when blocking fails', async () => {
    renderWith(<BlockToggleButton />, { ...user, isBlocked: true }, { unblockUser: vi.fn(async () => Promise.reject(new Error('500'))) });
    await userEvent.click(screen.getByRole('button', { name: 'Unblock ada@example.com' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Unblock User' })).getByRole('button', { name: 'Unblock User' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Failed to update user status'));
  });

  it("a subscriber's change the card can't pay is toasted with the server's reason; the dialog says it goes through the subscription", async () => {
    const detail = 'The plan was not changed: Your card was declined.';
    const changePlan = vi.fn().mockRejectedValueOnce(new HttpError(detail, 402, { status: 402, code: 'plan_change_not_paid', detail }));
    renderWith(<ManageUserButton />, { ...user, plan: 'premium' }, { changePlan });
    await userEvent.click(screen.getByRole('button', { name: 'Manage ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage User' });
    expect(within(dialog).getByTestId('plan-change-mode')).toHaveTextContent('pays through a subscription');
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: 'Enterprise' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Plan' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(detail));
    expect(screen.getByRole('dialog', { name: 'Manage User' })).toBeInTheDocument();
  });

  it('for an account without a subscription the dialog says the plan is a grant', async () => {
    renderWith(<ManageUserButton />, { ...user, plan: 'premium', planGranted: true }, { changePlan: vi.fn() });
    await userEvent.click(screen.getByRole('button', { name: 'Manage ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage User' });
    expect(within(dialog).getByTestId('plan-change-mode')).toHaveTextContent('The Premium plan was granted. This user has no subscription');
  });

  it('changes the plan in the Manage User dialog; a failure toasts the spec error', async () => {
    const changePlan = vi
      .fn()
      .mockRejectedValueOnce(new Error('500'))
      .mockResolvedValueOnce({ data: { ...user, plan: 'enterprise' } });
    renderWith(<ManageUserButton />, user, { changePlan });
    await userEvent.click(screen.getByRole('button', { name: 'Manage ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage User' });
    await userEvent.click(within(dialog).getByRole('combobox'));
    for (const name of ['Free', 'Premium']) expect(screen.getByRole('option', { name })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Enterprise' }));
    // A free grant asks first.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Plan' }));
    expect(within(dialog).getByTestId('grant-confirm')).toHaveTextContent('Grant Enterprise to');
    expect(changePlan).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant Enterprise' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Failed to update user plan'));
    expect(screen.getByRole('dialog', { name: 'Manage User' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant Enterprise' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('User plan updated successfully'));
    expect(changePlan).toHaveBeenLastCalledWith('u1', 'enterprise');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("edits an account's negotiated limits in the Manage User dialog: empty keeps the plan default, bad numbers never reach the server", async () => {
    const enterprise: AdminUser = { ...user, plan: 'enterprise', limits: { hourlyQuota: null, burstPerSecond: 200, custom: false } };
    const setLimits = vi.fn(async () => ({ data: { hourlyQuota: null, burstPerSecond: 1000, custom: true } }));
    renderWith(<ManageUserButton />, enterprise, { setLimits });
    await userEvent.click(screen.getByRole('button', { name: 'Manage ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage User' });
    expect(within(dialog).getByTestId('effective-limits')).toHaveTextContent("Now: unlimited requests, up to 200 per second (the plan's)");
    // Two forms, each with its own single submit: Enter in a limit field can't change the plan.
    for (const name of ['Plan', 'Limits']) {
      const form = within(dialog).getByRole('form', { name });
      expect(form.querySelectorAll('button[type="submit"]')).toHaveLength(1);
    }
    const burst = within(dialog).getByRole('textbox', { name: 'Requests per second' });
    await userEvent.type(burst, '1.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Limits' }));
    expect(await within(dialog).findByText('A whole number of 0 or more, or empty for the plan default')).toBeInTheDocument();
    await userEvent.clear(burst);
    await userEvent.type(burst, '20000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Limits' }));
    expect(await within(dialog).findByText('At most 10,000')).toBeInTheDocument();
    expect(setLimits).not.toHaveBeenCalled();
    await userEvent.clear(burst);
    await userEvent.type(burst, '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Limits' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Limits saved: unlimited requests, up to 1,000 per second (set for this account)'),
    );
    expect(setLimits).toHaveBeenCalledWith('u1', { hourlyQuota: null, burstPerSecond: 1000 });
    // Saved: the dialog closes, the toast stays.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('toast')).toHaveTextContent('Limits saved');
  });

  it("toasts the server's reason when it refuses the limits", async () => {
    const detail = 'hourlyQuota must be at most 100000';
    const setLimits = vi.fn().mockRejectedValueOnce(new HttpError(detail, 400, { status: 400, code: 'validation_failed', detail }));
    renderWith(<ManageUserButton />, { ...user, customLimits: { hourlyQuota: 5, burstPerSecond: null } }, { setLimits });
    await userEvent.click(screen.getByRole('button', { name: 'Manage ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage User' });
    expect(within(dialog).getByRole('textbox', { name: 'Requests per hour' })).toHaveValue('5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Limits' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(detail));
    expect(setLimits).toHaveBeenCalledWith('u1', { hourlyQuota: 5, burstPerSecond: null });
    // Refused: the dialog stays open with what was typed.
    expect(screen.getByRole('dialog', { name: 'Manage User' })).toBeInTheDocument();
  });

  it('rotates after the confirmation dialog with the spec text', async () => {
    const rotateKey = vi.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce({ data: apiKey });
    renderWith(<RotateKeyButton />, apiKey, { rotateKey });
    await userEvent.click(screen.getByRole('button', { name: 'Rotate Production' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate API Key' });
    expect(within(dialog).getByText('This will generate a new API key for "Production". The old key will be invalidated immediately.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate Key' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Failed to rotate API key'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate Key' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('API key rotated successfully'));
    expect(rotateKey).toHaveBeenCalledWith('k1');
  });
});
