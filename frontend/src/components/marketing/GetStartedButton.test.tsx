import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sampleUser, serveApi } from '../../testing/render';
import { GetStartedButton } from './GetStartedButton';

describe('GetStartedButton', () => {
  beforeEach(() => {
    serveApi({});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the sign-up dialog for a visitor', async () => {
    renderWithProviders(<GetStartedButton>Start Building</GetStartedButton>, { me: null, route: '/about' });
    await userEvent.click(screen.getByRole('button', { name: 'Start Building' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/about');
  });

  it('takes a signed-in super admin to the console', async () => {
    renderWithProviders(<GetStartedButton>Start Building</GetStartedButton>, { me: { ...sampleUser, role: 'super_admin' }, route: '/about' });
    await userEvent.click(screen.getByRole('button', { name: 'Start Building' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });
});
