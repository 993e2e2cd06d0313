import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { assignableRoles, INVITATION_TTL_MS, ORG_ROLE_DESCRIPTIONS, ORG_ROLE_LABELS, ORG_ROLES, type OrgRole } from '@tzapi/shared/org-roles';
import { filled, markServerErrors } from '../../../lib/forms';
import { toast } from '../../../components/ui/toast';
import { useInvite } from '../api';
import { failureText } from './team-text';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const schema = z.object({
  email: filled('Enter the e-mail address to invite.').refine((v) => EMAIL.test(v.trim()), 'Enter a valid e-mail address, such as ada@example.com.'),
  role: z.enum(ORG_ROLES),
});
type InviteValues = z.infer<typeof schema>;

const TTL_DAYS = Math.round(INVITATION_TTL_MS / 86_400_000);

/** Invite by e-mail with a role (each with what it may do); the mail holds a link that works for 7 days. */
export function InviteDialog({ open, organization, myRole, onClose }: { open: boolean; organization: string; myRole: OrgRole; onClose: () => void }) {
  const invite = useInvite();
  const roles = assignableRoles(myRole);
  const { control, register, handleSubmit, reset, setError, formState } = useForm<InviteValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', role: 'developer' },
  });
  useEffect(() => {
    if (open) {
      reset({ email: '', role: roles.includes('developer') ? 'developer' : roles[roles.length - 1] });
      invite.reset();
    }
    // Only on opening: a fresh form and no earlier failure.
  }, [open]);
  const submit = handleSubmit(async ({ email, role }) => {
    try {
      const sent = await invite.mutateAsync({ email: email.trim(), role });
      toast({
        title: 'Invitation sent',
        description: `${sent.email} is invited to ${organization} as ${ORG_ROLE_LABELS[sent.role]}. The link works for ${TTL_DAYS} days.`,
      });
      onClose();
    } catch (error) {
      markServerErrors(error, ['email', 'role'], setError);
    }
  });
  const emailError = formState.errors.email?.message;
  return (
    <Dialog open={open} onClose={invite.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="invite-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="invite-title">Invite a member</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            We e-mail them a link to join {organization}. It works once, for {TTL_DAYS} days; inviting the same address again sends a fresh link.
          </DialogContentText>
          {invite.isError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="invite-error">
              {failureText(invite.error)}
            </Alert>
          )}
          <TextField
            {...register('email')}
            label="E-mail"
            type="email"
            autoComplete="off"
            fullWidth
            required
            autoFocus
            error={Boolean(emailError)}
            helperText={emailError}
          />
          <FormControl sx={{ mt: 2 }} fullWidth>
            <FormLabel id="invite-role-label">Role</FormLabel>
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <RadioGroup aria-labelledby="invite-role-label" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                  {roles.map((role) => (
                    <FormControlLabel
                      key={role}
                      value={role}
                      control={<Radio size="small" />}
                      sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
                      label={
                        <>
                          <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                            {ORG_ROLE_LABELS[role]}
                          </Typography>
                          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                            {ORG_ROLE_DESCRIPTIONS[role]}
                          </Typography>
                        </>
                      }
                    />
                  ))}
                </RadioGroup>
              )}
            />
          </FormControl>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={invite.isPending} color="inherit">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={invite.isPending}
            startIcon={invite.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
