import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';
import { seriousViolations } from '../../../testing/axe';
import { meQueryKey } from '../../../lib/auth';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { memberOf } from './team-fixtures';

const organizations = {
  current: 'u1',
  items: [
    { id: 'u1', name: 'Ada Lovelace', personal: true, role: 'owner', plan: 'free', members: 1 },
    { id: 'org-acme', name: 'Acme', personal: false, role: 'developer', plan: 'premium', members: 4 },
  ],
};

describe('Organisation switcher', () => {
  it('shows the current organisation and role; switching posts the id, refetches me and opens the overview', async () => {
    let me = memberOf('owner', { id: 'u1', name: 'Ada Lovelace', personal: true });
    const { calls } = serveApi({
      'GET /api/organizations': { body: organizations },
      'POST /api/organizations/switch': () => {
        me = memberOf('developer');
        return { body: { current: 'org-acme' } };
      },
      'GET /api/me': () => ({ body: me }),
    });
    const { queryClient } = renderWithProviders(<OrganizationSwitcher />, { me, route: '/dashboard/usage' });
    expect(screen.getByTestId('org-current-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByTestId('org-current-role')).toHaveTextContent('Personal · Owner');
    await userEvent.click(screen.getByRole('button', { name: /switch organisation/i }));
    const menu = await screen.findByRole('menu', { name: 'Your organisations' });
    const acme = await within(menu).findByRole('menuitem', { name: /Acme/ });
    expect(acme).toHaveTextContent('Developer · 4 members');
    expect(await seriousViolations()).toEqual([]);
    await userEvent.click(acme);
    expect(await screen.findByTestId('toast')).toHaveTextContent('You are now working in Acme.');
    expect(calls.find((c) => c.url === '/api/organizations/switch')?.body).toEqual({ organizationId: 'org-acme' });
    await vi.waitFor(() => expect(screen.getByTestId('org-current-name')).toHaveTextContent('Acme'));
    expect(screen.getByTestId('org-current-role')).toHaveTextContent('Developer');
    expect(queryClient.getQueryData(meQueryKey)).toMatchObject({ organization: { id: 'org-acme' } });
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
  });

  it('a refused switch says why and stays where it was', async () => {
    serveApi({
      'GET /api/organizations': { body: organizations },
      'POST /api/organizations/switch': {
        status: 404,
        body: { status: 404, code: 'organization_not_found', detail: 'You are not a member of this organisation.' },
      },
    });
    renderWithProviders(<OrganizationSwitcher />, { me: memberOf('owner', { id: 'u1', name: 'Ada Lovelace', personal: true }), route: '/dashboard/usage' });
    await userEvent.click(screen.getByRole('button', { name: /switch organisation/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Acme/ }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Could not switch organisation');
    expect(toast).toHaveTextContent('You are not a member of this organisation.');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/usage');
  });

  it('creates an organisation from a name, then opens its Team page', async () => {
    const { calls } = serveApi({
      'GET /api/organizations': { body: organizations },
      'POST /api/organizations': { status: 201, body: { id: 'org-new', name: 'Initech', personal: false, role: 'owner' } },
      'GET /api/me': { body: memberOf('owner', { id: 'org-new', name: 'Initech' }) },
    });
    renderWithProviders(<OrganizationSwitcher />, { me: memberOf('owner', { id: 'u1', name: 'Ada Lovelace', personal: true }), route: '/dashboard' });
    await userEvent.click(screen.getByRole('button', { name: /switch organisation/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Create organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create organisation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create organisation' }));
    expect(await within(dialog).findByText('Enter a name for the organisation.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Organisation name/), '  Initech ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Initech is ready, and you are its owner.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Initech' });
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/team'));
  });

  it('shows nothing for a server from before organisations (no organization in /api/me)', () => {
    renderWithProviders(<OrganizationSwitcher />, { me: sampleUser, route: '/dashboard' });
    expect(screen.queryByTestId('org-switcher')).not.toBeInTheDocument();
  });
});
