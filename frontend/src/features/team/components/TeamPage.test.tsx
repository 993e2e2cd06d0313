import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, serveApi } from '../../../testing/render';
import { seriousViolations } from '../../../testing/axe';
import { TeamPage } from './TeamPage';
import { ada, grace, memberOf, olive, pending } from './team-fixtures';

const audit = { items: [], total: 0 };

describe('Team page', () => {
  it('an admin sees members with "(you)", a role menu and Remove for others but not for the owner, and no owner role to hand out', async () => {
    serveApi({
      'GET /api/organization/members': { body: { items: [ada, grace, olive] } },
      'GET /api/organization/invitations': { body: { items: [pending] } },
      'GET /api/organization/audit': { body: audit },
    });
    renderWithProviders(<TeamPage />, { me: memberOf('admin'), route: '/dashboard/team' });
    const rows = await screen.findAllByTestId('member-row');
    expect(rows[0]).toHaveTextContent('Ada Lovelace (you)');
    expect(within(rows[0]).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    // An admin neither changes nor removes an owner.
    expect(within(rows[2]).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await userEvent.click(within(rows[1]).getByRole('combobox', { name: 'Role of grace@example.com' }));
    const roles = screen.getAllByRole('option').map((o) => within(o).getByText(/^(Owner|Admin|Developer|Billing|Viewer)$/).textContent);
    expect(roles).toEqual(['Admin', 'Developer', 'Billing', 'Viewer']);
    expect(screen.getByRole('option', { name: /^Billing/ })).toHaveTextContent('Billing and invoices only');
  });

  it('changing a role sends it and says what the role may do', async () => {
    const { calls } = serveApi({
      'GET /api/organization/members': { body: { items: [ada, grace] } },
      'GET /api/organization/invitations': { body: { items: [] } },
      'GET /api/organization/audit': { body: audit },
      'PATCH /api/organization/members/u2': { body: { ...grace, role: 'viewer' } },
    });
    renderWithProviders(<TeamPage />, { me: memberOf('admin'), route: '/dashboard/team' });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Role of grace@example.com' }));
    await userEvent.click(screen.getByRole('option', { name: /^Viewer/ }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('grace@example.com is now Viewer: read only.');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'viewer' });
  });

  it('Remove states what it does before doing it, and then says how many keys were revoked', async () => {
    const { calls } = serveApi({
      'GET /api/organization/members': { body: { items: [ada, grace] } },
      'GET /api/organization/invitations': { body: { items: [] } },
      'GET /api/organization/audit': { body: audit },
      'DELETE /api/organization/members/u2': { body: { revokedKeys: 3 } },
    });
    renderWithProviders(<TeamPage />, { me: memberOf('owner'), route: '/dashboard/team' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove grace@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove member' });
    expect(dialog).toHaveTextContent('grace@example.com loses access to Acme at once. Their 3 keys will be revoked.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('grace@example.com no longer has access to Acme; 3 keys revoked.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/organization/members/u2']);
  });

  it('a developer sees the team read-only: no Invite, no role menus, no Remove, no Revoke, no settings but Leave, no audit', async () => {
    const { calls } = serveApi({
      'GET /api/organization/members': {
        body: {
          items: [
            { ...ada, role: 'developer' },
            { ...grace, you: false },
          ],
        },
      },
      'GET /api/organization/invitations': { body: { items: [pending] } },
    });
    renderWithProviders(<TeamPage />, { me: memberOf('developer'), route: '/dashboard/team' });
    expect(await screen.findAllByTestId('member-row')).toHaveLength(2);
    expect(await screen.findByTestId('invitation-row')).toHaveTextContent('linus@example.com · Viewer');
    expect(screen.queryByRole('button', { name: 'Invite member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Rename the organisation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close organisation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave organisation' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audit' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/organization/audit'))).toBe(false);
  });

  it('every list has its empty state', async () => {
    serveApi({
      'GET /api/organization/members': { body: { items: [] } },
      'GET /api/organization/invitations': { body: { items: [] } },
      'GET /api/organization/audit': { body: audit },
    });
    renderWithProviders(<TeamPage />, { me: memberOf('owner'), route: '/dashboard/team' });
    expect(await screen.findByTestId('members-empty')).toHaveTextContent('No members');
    expect(await screen.findByTestId('invitations-empty')).toHaveTextContent('No pending invitations');
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent('Nothing recorded yet');
  });

  it('the invite dialog offers the roles with what each may do, sends e-mail and role, and shows the problem’s detail on a refusal', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { status: 409, code: 'already_member', title: 'Conflict', detail: 'linus@example.com is already a member of Acme.' },
    };
    const { calls } = serveApi({
      'GET /api/organization/members': { body: { items: [ada] } },
      'GET /api/organization/invitations': { body: { items: [] } },
      'GET /api/organization/audit': { body: audit },
      'POST /api/organization/invitations': () => answer,
    });
    renderWithProviders(<TeamPage />, { me: memberOf('owner'), route: '/dashboard/team' });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a member' });
    const roles = within(dialog).getByRole('radiogroup', { name: 'Role' });
    expect(within(roles).getAllByRole('radio')).toHaveLength(5);
    expect(roles).toHaveTextContent('Billing and invoices only');
    expect(within(roles).getByRole('radio', { name: /Developer/ })).toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter the e-mail address to invite.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'linus@example.com');
    await userEvent.click(within(roles).getByRole('radio', { name: /Viewer/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByTestId('invite-error')).toHaveTextContent('linus@example.com is already a member of Acme.');

    answer = { status: 201, body: pending };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('linus@example.com is invited to Acme as Viewer. The link works for 7 days.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { email: 'linus@example.com', role: 'viewer' },
      { email: 'linus@example.com', role: 'viewer' },
    ]);
  });

  it('an owner of a team organisation gets rename, transfer, leave and close; Close waits for the typed name and says what it does', async () => {
    serveApi({
      'GET /api/organization/members': { body: { items: [{ ...ada, role: 'owner' }, grace] } },
      'GET /api/organization/invitations': { body: { items: [] } },
      'GET /api/organization/audit': { body: audit },
    });
    renderWithProviders(<TeamPage />, { me: memberOf('owner'), route: '/dashboard/team' });
    expect(await screen.findByRole('form', { name: 'Rename the organisation' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close organisation' }));
    const dialog = screen.getByRole('dialog', { name: 'Close organisation' });
    expect(dialog).toHaveTextContent('Every key of Acme is revoked at once');
    const confirm = within(dialog).getByRole('button', { name: 'Close organisation' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Type “Acme” to confirm/), 'Acme');
    expect(confirm).toBeEnabled();
  });

  it('a personal organisation says it cannot be renamed, transferred, left or closed', async () => {
    serveApi({
      'GET /api/organization/members': { body: { items: [{ ...ada, role: 'owner' }] } },
      'GET /api/organization/invitations': { body: { items: [] } },
      'GET /api/organization/audit': { body: audit },
    });
    renderWithProviders(<TeamPage />, { me: memberOf('owner', { personal: true, name: 'Ada Lovelace' }), route: '/dashboard/team' });
    expect(await screen.findByText(/cannot be renamed, transferred, left or closed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave organisation' })).not.toBeInTheDocument();
  });

  it('a failed load shows the problem’s detail', async () => {
    serveApi({
      'GET /api/organization/members': { status: 403, body: { status: 403, code: 'org_permission', detail: 'Your role in Acme does not allow this.' } },
      'GET /api/organization/invitations': { body: { items: [] } },
    });
    renderWithProviders(<TeamPage />, { me: memberOf('viewer'), route: '/dashboard/team' });
    expect(await screen.findByTestId('load-error')).toHaveTextContent('Your role in Acme does not allow this.');
  });

  it('has no serious accessibility violations, dialogs included', async () => {
    serveApi({
      'GET /api/organization/members': { body: { items: [ada, grace, olive] } },
      'GET /api/organization/invitations': { body: { items: [pending] } },
      'GET /api/organization/audit': {
        body: {
          items: [
            {
              id: 'a1',
              action: 'member.role_change',
              actorId: 'u1',
              actorEmail: 'ada@example.com',
              targetType: 'member',
              targetId: 'u2',
              before: { role: 'viewer' },
              after: { role: 'developer' },
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          ],
          total: 1,
        },
      },
    });
    renderWithProviders(<TeamPage />, { me: memberOf('owner'), route: '/dashboard/team' });
    expect(await screen.findByTestId('audit-row')).toHaveTextContent('role: viewer → developer');
    expect(await seriousViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Invite member' }));
    expect(await seriousViolations()).toEqual([]);
  });
});
