import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sampleUser, serveApi } from '../testing/render';
import { AboutPage } from '../site/marketing/AboutPage';
import { ComparisonPage } from '../site/marketing/ComparisonPage';
import { PricingPage } from '../site/pricing/PricingPage';
import { TimezoneDataPage } from '../site/directory/TimezoneDataPage';
import { LandingPage } from '../site/landing/LandingPage';

// The pages' calls to action, across features: here in app/, where the pages meet.
const ctas: { page: string; ui: () => ReactElement; label: string }[] = [
  { page: 'About', ui: () => <AboutPage />, label: 'Start Building' },
  { page: 'Time Zone Directory', ui: () => <TimezoneDataPage />, label: 'Get Free API Key' },
  { page: 'Comparison', ui: () => <ComparisonPage />, label: 'Sign Up Now - Start Free' },
  { page: 'Pricing', ui: () => <PricingPage />, label: 'Get Started Free' },
  { page: 'Landing', ui: () => <LandingPage />, label: 'Get Started Free' },
];

describe('Get started / Sign up buttons', () => {
  beforeEach(() => {
    serveApi({});
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each(ctas)('$page: "$label" takes a signed-in user to the dashboard', async ({ ui, label }) => {
    renderWithProviders(ui(), { me: sampleUser, route: '/somewhere' });
    const buttons = screen.getAllByRole('button', { name: label });
    await userEvent.click(buttons[buttons.length - 1]);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
