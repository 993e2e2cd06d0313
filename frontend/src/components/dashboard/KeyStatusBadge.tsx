import Chip from '@mui/material/Chip';

export function KeyStatusBadge({ active }: { active: boolean }) {
  return <Chip size="small" label={active ? 'Active' : 'Inactive'} color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} />;
}
