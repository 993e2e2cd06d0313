import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { filled, markServerErrors } from '../../../lib/forms';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useRegisterFromInvitation } from '../api';
import { failureText } from '../components/team-text';

const schema = z.object({ name: filled('Name is required'), password: filled('Password is required') });
type Values = z.infer<typeof schema>;

/**
 * A new account from the invitation: the e-mail is the invitation's (fixed), the invitation verifies it, and the
 * account joins and is signed in. The password rules are the server's (a refusal shows beside the field).
 */
export function InvitedRegisterForm({ token, email, organization, onCancel }: { token: string; email: string; organization: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const register = useRegisterFromInvitation();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: '', password: '' } });
  const submit = form.handleSubmit(async ({ name, password }) => {
    try {
      const answer = await register.mutateAsync({ name: name.trim(), email, password, invitationToken: token });
      if (answer.signedIn) {
        toast({ title: 'Welcome aboard', description: `Your account is ready, and you joined ${organization}.` });
        navigate(paths.dashboard.root);
      } else {
        navigate(`${paths.verifyEmail}?email=${encodeURIComponent(email)}`);
      }
    } catch (error) {
      markServerErrors(error, ['name', 'password'], form.setError);
    }
  });
  const errors = form.formState.errors;
  return (
    <Stack component="form" aria-label="Create an account" noValidate onSubmit={submit} spacing={2}>
      <Typography variant="h6" component="h2">
        Create an account
      </Typography>
      {register.isError && <Alert severity="error">{failureText(register.error)}</Alert>}
      <TextField label="E-mail" value={email} fullWidth slotProps={{ htmlInput: { readOnly: true } }} helperText="The invitation is for this address." />
      <TextField
        {...form.register('name')}
        label="Full name"
        autoComplete="name"
        fullWidth
        required
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
      />
      <TextField
        {...form.register('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        fullWidth
        required
        error={Boolean(errors.password)}
        helperText={errors.password?.message ?? 'At least 8 characters.'}
      />
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          variant="contained"
          disabled={register.isPending}
          startIcon={register.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {register.isPending ? 'Creating account…' : 'Create account and join'}
        </Button>
        <Button onClick={onCancel} disabled={register.isPending} color="inherit">
          Back
        </Button>
      </Stack>
    </Stack>
  );
}
