import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqBrowser } from './FaqPage';
import { renderWithProviders } from '../../testing/render';
import { faqQuestions, countByCategory, fillPlanFigures } from '../../content/faq';

describe('FAQ filter', () => {
  it('chip counts are computed from the questions', () => {
    renderWithProviders(<FaqBrowser />);
    const counts = countByCategory(faqQuestions);
    expect(screen.getByRole('button', { name: `All Questions ${faqQuestions.length}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Getting Started ${counts['getting-started']}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All Questions 24' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'API Usage 8' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Billing & Plans 5' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Security 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Timezone Data 2' })).toBeInTheDocument();
  });

  it('a category chip shows only that category', async () => {
    renderWithProviders(<FaqBrowser />);
    await userEvent.click(screen.getByRole('button', { name: 'Security 3' }));
    expect(screen.getAllByRole('button', { expanded: false }).filter((b) => b.id.startsWith('faq-'))).toHaveLength(3);
    expect(screen.getByText('Is traffic encrypted?')).toBeInTheDocument();
    expect(screen.queryByText('How do I create an account?')).not.toBeInTheDocument();
  });

  it('text filter matches question or answer, case-insensitively', async () => {
    renderWithProviders(<FaqBrowser />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search questions' }), 'ACH');
    // "ACH" appears only in an answer about payment methods.
    expect(screen.getByText('Which payment methods do you accept?')).toBeInTheDocument();
    expect(screen.queryByText('How do I create an account?')).not.toBeInTheDocument();
  });

  it('no match shows the empty state, and Clear filters brings everything back', async () => {
    renderWithProviders(<FaqBrowser />);
    await userEvent.click(screen.getByRole('button', { name: 'Timezone Data 2' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search questions' }), 'refund');
    expect(screen.getByText('No results found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms or select a different category.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.queryByText('No results found')).not.toBeInTheDocument();
    expect(screen.getByText('How do I create an account?')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search questions' })).toHaveValue('');
  });

  it('the accordion opens one item at a time and collapses', async () => {
    renderWithProviders(<FaqBrowser />);
    const first = screen.getByRole('button', { name: 'How do I create an account?' });
    const second = screen.getByRole('button', { name: 'How do I get my API key?' });
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('plan figures in the FAQ', () => {
  it('come from /api/config', () => {
    const plans = [
      { id: 'free', priceMonthly: 0, quota: { label: '100 requests per hour' } },
      { id: 'premium', priceMonthly: 5, quota: null },
      { id: 'enterprise', priceMonthly: 50, quota: null },
    ];
    const filled = fillPlanFigures(faqQuestions, plans);
    expect(filled.find((q) => q.question === 'How much do the paid plans cost?')?.answer).toBe(
      'Premium is $5/month and Enterprise $50/month; both include unlimited requests.',
    );
    expect(filled.find((q) => q.question === 'What does the free plan include?')?.answer).toContain('100 requests per hour');
    expect(JSON.stringify(filled)).not.toMatch(/\{\w+\.(price|quota)\}/);
  });
});
