import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from './Toaster';
import { dismissErrorToasts, resetToasts, toast } from './toast-store';

describe('toasts', () => {
  beforeEach(() => resetToasts());

  it('shows one toast at a time', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'newer' });
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('sits in the region named for its F8 key', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Wide' });
    });
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toContainElement(screen.getByTestId('toast'));
  });

  it('closes after 5 seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('F8 focuses the notifications region', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hello' });
    });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement?.closest('[aria-label="Notifications (F8)"]')).not.toBeNull();
  });

  it('swiping right more than 50 px dismisses', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Swipe me' });
    });
    const card = screen.getByTestId('toast');
    // jsdom has no pointer capture, which the primitive's swipe uses.
    Object.assign(card, { setPointerCapture: () => {}, hasPointerCapture: () => true, releasePointerCapture: () => {} });
    const swipe = (to: number) => {
      fireEvent.pointerDown(card, { clientX: 10, clientY: 10, pointerId: 1, button: 0 });
      fireEvent.pointerMove(card, { clientX: to, clientY: 10, pointerId: 1 });
      fireEvent.pointerUp(card, { clientX: to, clientY: 10, pointerId: 1 });
    };
    swipe(40);
    expect(screen.getByText('Swipe me')).toBeInTheDocument();
    swipe(80);
    expect(screen.queryByText('Swipe me')).not.toBeInTheDocument();
  });
});

describe('stale error toasts', () => {
  beforeEach(() => resetToasts());

  it('an error toast is dropped when the user moves to another page, a success one stays', async () => {
    const { MemoryRouter, useNavigate } = await import('react-router-dom');
    const { DismissErrorsOnNavigation } = await import('./DismissErrorsOnNavigation');
    let go: (to: string) => void = () => {};
    function Nav() {
      go = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/login']}>
        <DismissErrorsOnNavigation />
        <Nav />
        <Toaster />
      </MemoryRouter>,
    );
    act(() => {
      toast({ title: 'Login Failed', variant: 'destructive' });
    });
    expect(screen.getByText('Login Failed')).toBeInTheDocument();
    act(() => go('/dashboard'));
    expect(screen.queryByText('Login Failed')).not.toBeInTheDocument();

    act(() => {
      toast({ title: 'Profile Updated' });
    });
    act(() => go('/dashboard/api-keys'));
    expect(screen.getByText('Profile Updated')).toBeInTheDocument();
  });

  it('dismissErrorToasts drops only errors', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Login Failed', variant: 'destructive' });
    });
    act(() => dismissErrorToasts());
    expect(screen.queryByText('Login Failed')).not.toBeInTheDocument();
    act(() => {
      toast({ title: 'Saved' });
    });
    act(() => dismissErrorToasts());
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });
});
