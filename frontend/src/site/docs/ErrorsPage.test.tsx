import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { ErrorsPage } from './ErrorsPage';
import { problemTypes } from './problemTypes';

describe('ErrorsPage (/docs/errors)', () => {
  it('has one section per problem code, with the code as its id, its HTTP status, meaning and action', () => {
    const { container } = renderWithProviders(<ErrorsPage />, { route: '/docs/errors' });
    expect(problemTypes.length).toBeGreaterThan(50);
    const sections = screen.getAllByTestId('problem-type');
    expect(sections.map((s) => s.id)).toEqual(problemTypes.map((t) => t.code));
    const rateLimited = container.querySelector('#rate_limited')!;
    expect(rateLimited).toHaveTextContent('HTTP 429');
    expect(rateLimited).toHaveTextContent('Retry-After');
    expect(screen.getByRole('link', { name: 'invalid_timezone' })).toHaveAttribute('href', '#invalid_timezone');
  });
});
