import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageErrorBoundary } from './PageError';
import { NEW_VERSION_RELOAD_KEY } from '../../lib/new-version';

function Throws({ error }: { error: unknown }): never {
  throw error;
}

const wayBack = { href: '/dashboard', label: 'Back to Overview' };

describe('a page that fails to render', () => {
  beforeEach(() => {
    sessionStorage.clear();
    // React reports caught render errors on the console; they are this test's input.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('says so in its h1, with Try again and a way back, instead of a blank page', () => {
    render(
      <PageErrorBoundary resetKey="/dashboard/usage" wayBack={wayBack}>
        <Throws error={new Error('boom')} />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Overview' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a missing chunk after the one reload was spent: "A new version is available" with a Reload button', () => {
    sessionStorage.setItem(NEW_VERSION_RELOAD_KEY, String(Date.now()));
    render(
      <PageErrorBoundary resetKey="/dashboard/usage" wayBack={wayBack}>
        <Throws error={new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/UsagePage-x.js')} />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'A new version is available' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Reload the page to get the new version.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Overview' })).toBeInTheDocument();
  });

  it('outside a layout it brings its own main landmark', () => {
    render(
      <PageErrorBoundary resetKey="/" wayBack={{ href: '/', label: 'Go to Homepage' }} landmark>
        <Throws error={new Error('layout broke')} />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('moving to another page leaves the error behind', async () => {
    function Pages() {
      const [path, setPath] = useState('/dashboard/usage');
      return (
        <>
          <button onClick={() => setPath('/dashboard/api-keys')}>API Keys</button>
          <PageErrorBoundary resetKey={path} wayBack={wayBack}>
            {path === '/dashboard/usage' ? <Throws error={new Error('boom')} /> : <h1>API Keys</h1>}
          </PageErrorBoundary>
        </>
      );
    }
    render(<Pages />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'API Keys' }));
    expect(screen.getByRole('heading', { level: 1, name: 'API Keys' })).toBeInTheDocument();
  });
});
