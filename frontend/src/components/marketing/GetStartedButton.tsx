import Button, { type ButtonProps } from '@mui/material/Button';
import { useGetStarted } from '../../lib/useGetStarted';

/** A "Get started / Sign up" button: the sign-up dialog for visitors, the dashboard for signed-in users. */
export function GetStartedButton({ onClick, ...props }: Omit<ButtonProps, 'href'>) {
  const start = useGetStarted('register');
  return (
    <Button
      {...props}
      onClick={(event) => {
        onClick?.(event);
        start();
      }}
    />
  );
}
