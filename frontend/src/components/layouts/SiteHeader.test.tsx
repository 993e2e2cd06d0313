import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SiteHeader } from './SiteHeader';
import { renderWithProviders, sampleUser, serveApi } from '../../testing/render';

afterEach(() => vi.unstubAllGlobals());

describe('site header', () => {
  it('anonymous: Login and Get Started Free open the dialog in login and register mode', async () => {
    serveApi({});
    renderWithProviders(<SiteHeader />, { me: null });
    await userEvent.click(screen.getByTestId('header-login'));
    expect(await screen.findByRole('dialog', { name: /Welcome Back/ })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('header-get-started'));
    expect(await screen.findByRole('dialog', { name: /Create Your Account/ })).toBeInTheDocument();
  });

  it('signed in: Login reads Dashboard and both buttons go to /dashboard', async () => {
    renderWithProviders(<SiteHeader />, { me: sampleUser });
    expect(screen.getByTestId('header-login')).toHaveTextContent('Dashboard');
    await userEvent.click(screen.getByTestId('header-get-started'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('while auth loads the buttons are hidden', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWithProviders(<SiteHeader />);
    expect(screen.queryByTestId('header-login')).not.toBeInTheDocument();
    expect(screen.queryByTestId('header-get-started')).not.toBeInTheDocument();
  });

  it('has the spec navigation: six products, eight industries, resources entries', async () => {
    renderWithProviders(<SiteHeader />, { me: null });
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Mobile' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links.filter(([, href]) => href?.startsWith('/products#'))).toHaveLength(6);
    expect(links.filter(([, href]) => href?.startsWith('/solutions#')).map(([t]) => t)).toEqual([
      'E-commerce',
      'Financial Services',
      'Healthcare',
      'Travel & Hospitality',
      'Software Development',
      'IoT & Hardware',
      'Event Management',
      'Gaming',
    ]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['View All Products', '/products'],
        ['Meeting Planner', '/meeting-planner'],
        ['View All Solutions', '/solutions'],
        ['API Docs', '/docs'],
        ['Pricing', '/pricing'],
        ['Guides & Tutorials', '/resources'],
        ['Tool Comparisons', '/comparison'],
        ['Data & Reference', '/timezone-data'],
        ['Support', '/support'],
      ]),
    );
  });
});
