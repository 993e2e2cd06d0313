import Alert from '@mui/material/Alert';
import { PageHeader } from './PageHeader';

/** Shown at /dashboard/billing only in a build made before the billing feature landed. */
export function BillingUnavailable() {
  return (
    <>
      <PageHeader title="Billing" />
      <Alert severity="info">Billing is not available in this build yet.</Alert>
    </>
  );
}
