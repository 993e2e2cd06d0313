import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RESET_REDIRECT_DELAY_MS, ResetPasswordPage } from './ResetPasswordPage';
import { renderWithProviders, serveApi } from '../../../testing/render';
import { advanceClock, runUntil } from '../../../testing/clock';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('reset password page', () => {
  it('without a token shows Invalid Reset Link and Go to Homepage', () => {
    serveApi({});
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });

  it('a token the server calls invalid shows the invalid view', async () => {
    serveApi({ 'GET /api/auth/reset-password/check': { body: { valid: false } } });
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=old' });
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
  });

  it('validates, resets, toasts and goes to / after 2 seconds', async () => {
    const { calls } = serveApi({
      'GET /api/auth/reset-password/check': { body: { valid: true } },
      'POST /api/auth/reset-password': { body: { ok: true } },
    });
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=abc' });
    const password = await screen.findByLabelText(/^New Password/);
    const confirm = screen.getByLabelText(/^Confirm New Password/);
    await userEvent.type(password, 'short');
    await userEvent.type(confirm, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Password must be at least 8 characters long.')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'long-enough-1');
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'long-enough-2');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText("Passwords don't match.")).toBeInTheDocument();
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'long-enough-1');
    // The redirect's delay runs on the fake clock from here (user-event's own pauses need a real one: a plain click).
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await runUntil(() => screen.queryByText('Password Reset Successfully') !== null);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token: 'abc', newPassword: 'long-enough-1' });
    await advanceClock(RESET_REDIRECT_DELAY_MS - 1);
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password?token=abc');
    await advanceClock(1);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('an "Invalid or expired" answer on submit switches to the invalid view', async () => {
    serveApi({
      'GET /api/auth/reset-password/check': { body: { valid: true } },
      'POST /api/auth/reset-password': {
        status: 400,
        body: { status: 400, code: 'invalid_token', detail: 'Invalid or expired reset link. Please request a new one.' },
      },
    });
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=abc' });
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'long-enough-1');
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
  });
});
