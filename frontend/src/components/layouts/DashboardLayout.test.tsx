import { screen } from '@testing-library/react';
import { DashboardSidebar, dashboardNav } from './DashboardLayout';
import { renderWithProviders, sampleUser } from '../../testing/render';
import type { User } from '../../lib/auth';

const withUser = (patch: Partial<User>): User => ({ ...sampleUser, ...patch });

describe('dashboard sidebar', () => {
  it('lists the six sections of the account area', () => {
    renderWithProviders(<DashboardSidebar user={sampleUser} />, { route: '/dashboard/usage' });
    expect(dashboardNav.map((n) => n.label)).toEqual(['Overview', 'API Keys', 'API Docs / Playground', 'Usage', 'Billing', 'Profile']);
    for (const item of dashboardNav) expect(screen.getByRole('link', { name: item.label })).toHaveAttribute('href', item.to);
    expect(screen.getByRole('link', { name: 'Usage' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });

  it('shows first and last name, then the e-mail part before @, then "User"', () => {
    const { unmount } = renderWithProviders(<DashboardSidebar user={sampleUser} />);
    expect(screen.getByTestId('sidebar-name')).toHaveTextContent('Ada Lovelace');
    unmount();
    const second = renderWithProviders(<DashboardSidebar user={withUser({ firstName: '', lastName: '' })} />);
    expect(screen.getByTestId('sidebar-name')).toHaveTextContent(/^ada$/);
    second.unmount();
    renderWithProviders(<DashboardSidebar user={withUser({ firstName: '', lastName: '', email: '' })} />);
    expect(screen.getByTestId('sidebar-name')).toHaveTextContent(/^User$/);
  });

  it('shows "{plan} plan", free by default, the avatar image when there is one, and a logout to /api/logout', () => {
    const { unmount } = renderWithProviders(<DashboardSidebar user={withUser({ plan: 'premium', profileImageUrl: 'https://example.com/a.png' })} />);
    expect(screen.getByTestId('sidebar-plan')).toHaveTextContent('premium plan');
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', 'https://example.com/a.png');
    expect(screen.getByRole('link', { name: /Logout/ })).toHaveAttribute('href', '/api/logout');
    unmount();
    renderWithProviders(<DashboardSidebar user={withUser({ plan: '' as User['plan'] })} />);
    expect(screen.getByTestId('sidebar-plan')).toHaveTextContent('free plan');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
