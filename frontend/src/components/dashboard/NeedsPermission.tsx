import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { ORG_ROLE_LABELS, type Permission } from '@tzapi/shared/org-roles';
import { useAuth } from '../../lib/auth';
import { organizationRole, permissionsOf } from '../../lib/permissions';
import { paths } from '../../config/paths';
import { EmptyState } from './EmptyState';

/**
 * A page the member's role may not read (an address typed or bookmarked): says so instead of a failed load. The
 * server refuses the calls anyway (403 org_permission); this only spares the member a page of errors.
 */
export function NeedsPermission({ permission, what, children }: { permission: Permission; what: string; children: ReactNode }) {
  const { user } = useAuth();
  if (permissionsOf(user).has(permission)) return <>{children}</>;
  const role = organizationRole(user);
  const organization = user?.organization?.name ?? 'this organisation';
  return (
    <EmptyState
      icon={<LockIcon />}
      title={`Your role cannot see ${what}`}
      testId="needs-permission"
      action={
        <Button variant="contained" component={RouterLink} to={paths.dashboard.root}>
          Back to Overview
        </Button>
      }
    >
      <Typography>
        {role ? `Your role in ${organization} is ${ORG_ROLE_LABELS[role]}. ` : ''}Ask an owner or an admin of {organization} for another role, or switch
        organisation in the sidebar.
      </Typography>
    </EmptyState>
  );
}
