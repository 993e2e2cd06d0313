import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TwoFactorCard } from './TwoFactorCard';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';

afterEach(() => vi.unstubAllGlobals());

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/TimeZone%20API:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);

describe('two-factor card', () => {
  it('turns two-factor on with a QR code and a confirmed code, then shows the ten recovery codes once', async () => {
    let enabled = false;
    let attempts = 0;
    const { calls } = serveApi({
      'GET /api/profile/totp': () => ({ body: { enabled, recoveryCodesLeft: enabled ? 10 : 0, required: false } }),
      'POST /api/profile/totp/setup': { body: SETUP },
      'POST /api/profile/totp/enable': () => {
        attempts += 1;
        if (attempts === 1)
          return {
            status: 400,
            body: { status: 400, code: 'totp_invalid', detail: 'That code is not valid. Check your authenticator app (or use a recovery code) and try again.' },
          };
        enabled = true;
        return { body: { ok: true, recoveryCodes: CODES } };
      },
    });
    renderWithProviders(<TwoFactorCard />, { me: sampleUser });
    const user = userEvent.setup();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', SETUP.qrCode);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.click(screen.getByRole('button', { name: 'Confirm and Turn On' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/enable'))).toHaveLength(0);

    await user.type(screen.getByLabelText('Authentication Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and Turn On' }));
    expect(await screen.findByText(/That code is not valid/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Authentication Code'));
    await user.type(screen.getByLabelText('Authentication Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm and Turn On' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent(CODES[0]);
    expect(calls.find((c) => c.url.includes('/enable') && (c.body as { code: string }).code === '654321')).toBeDefined();

    await user.click(screen.getByRole('button', { name: "I've Saved My Codes" }));
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByText('Recovery codes left:')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turns two-factor off with a code, and shows the server’s message for a wrong one', async () => {
    let enabled = true;
    const { calls } = serveApi({
      'GET /api/profile/totp': () => ({ body: { enabled, recoveryCodesLeft: 7, required: false } }),
      'POST /api/profile/totp/disable': (init) => {
        const { code } = JSON.parse(String(init?.body)) as { code: string };
        if (code !== '246810') return { status: 400, body: { status: 400, code: 'totp_invalid', detail: 'That code is not valid.' } };
        enabled = false;
        return { body: { ok: true } };
      },
    });
    renderWithProviders(<TwoFactorCard />, { me: { ...sampleUser, totpEnabled: true } });
    const user = userEvent.setup();
    expect(await screen.findByText('7')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn Off' }));
    expect(await screen.findByText('That code is not valid.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Turn Off' }));
    expect(await screen.findByText('Your account no longer asks for a code at sign-in.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set Up Two-Factor Sign-In' })).toBeInTheDocument());
    expect(calls.filter((c) => c.url.includes('/disable'))).toHaveLength(2);
  });

  it('a super admin cannot turn it off', async () => {
    serveApi({ 'GET /api/profile/totp': { body: { enabled: true, recoveryCodesLeft: 10, required: true } } });
    renderWithProviders(<TwoFactorCard />, { me: { ...sampleUser, role: 'super_admin', totpEnabled: true } });
    expect(await screen.findByText('Two-factor sign-in is required for super admins.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn Off' })).not.toBeInTheDocument();
  });
});
