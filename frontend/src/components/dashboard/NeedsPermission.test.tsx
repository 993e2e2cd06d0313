import { screen } from '@testing-library/react';
import { permissionsOf } from '@tzapi/shared/org-roles';
import { renderWithProviders, sampleUser } from '../../testing/render';
import { NeedsPermission } from './NeedsPermission';

describe('a page the member’s role may not read', () => {
  it('says which role the member has and where to go, instead of the page', () => {
    const billing = {
      ...sampleUser,
      organization: { id: 'o', name: 'Acme', personal: false, role: 'billing' as const },
      permissions: permissionsOf('billing'),
    };
    renderWithProviders(
      <NeedsPermission permission="keys.read" what="API keys">
        <p>the keys</p>
      </NeedsPermission>,
      { me: billing },
    );
    expect(screen.getByTestId('needs-permission')).toHaveTextContent('Your role cannot see API keys');
    expect(screen.getByTestId('needs-permission')).toHaveTextContent('Your role in Acme is Billing.');
    expect(screen.getByRole('link', { name: 'Back to Overview' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('the keys')).not.toBeInTheDocument();
  });

  it('shows the page when the role allows it, and when the server names no permissions at all', () => {
    const { unmount } = renderWithProviders(
      <NeedsPermission permission="keys.read" what="API keys">
        <p>the keys</p>
      </NeedsPermission>,
      { me: sampleUser },
    );
    expect(screen.getByText('the keys')).toBeInTheDocument();
    unmount();
    const developer = {
      ...sampleUser,
      organization: { id: 'o', name: 'Acme', personal: false, role: 'developer' as const },
      permissions: permissionsOf('developer'),
    };
    renderWithProviders(
      <NeedsPermission permission="keys.read" what="API keys">
        <p>the keys</p>
      </NeedsPermission>,
      { me: developer },
    );
    expect(screen.getByText('the keys')).toBeInTheDocument();
  });
});
