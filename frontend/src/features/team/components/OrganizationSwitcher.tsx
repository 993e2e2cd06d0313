import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { ORG_ROLE_LABELS } from '@tzapi/shared/org-roles';
import { useAuth } from '../../../lib/auth';
import { paths } from '../../../config/paths';
import { toast } from '../../../components/ui/toast';
import { useOrganizations, useSwitchOrganization } from '../api';
import { failureText } from './team-text';
import { CreateOrganizationDialog } from './CreateOrganizationDialog';

/**
 * The sidebar's organisation switcher: the current organisation and the member's role; its menu lists the user's
 * organisations (switching refetches everything and opens the overview) and creates a new one.
 */
/** Read by screen readers, not shown: the words that make the switcher's name a sentence. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export function OrganizationSwitcher({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const organizations = useOrganizations(anchor !== null);
  const switchTo = useSwitchOrganization();
  const current = user?.organization;
  // A server from before organisations names none: there is nothing to switch.
  if (!current) return null;

  const choose = async (id: string, name: string) => {
    if (id === current.id) return setAnchor(null);
    try {
      await switchTo.mutateAsync(id);
      setAnchor(null);
      toast({ title: 'Organisation switched', description: `You are now working in ${name}.` });
      navigate(paths.dashboard.root);
      onNavigate?.();
    } catch (error) {
      toast({ title: 'Could not switch organisation', description: failureText(error), variant: 'destructive' });
    }
  };

  return (
    <Box sx={{ px: 1, py: 1 }} data-testid="org-switcher">
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'org-switcher-menu' : undefined}
        sx={{ width: '100%', justifyContent: 'flex-start', textAlign: 'left', gap: 1, px: 1.5, py: 1, borderRadius: 2, '&:hover': { bgcolor: 'action.hover' } }}
      >
        {/* The button's name is its visible text with the hidden words around it (axe: the label holds what is seen). */}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle2" noWrap data-testid="org-current-name">
            <Box component="span" sx={visuallyHidden}>
              Organisation:{' '}
            </Box>
            {current.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="org-current-role">
            {current.personal ? `Personal · ${ORG_ROLE_LABELS[current.role]}` : ORG_ROLE_LABELS[current.role]}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (switch organisation)
            </Box>
          </Typography>
        </Box>
        <UnfoldMoreIcon fontSize="small" color="action" />
      </ButtonBase>
      <Menu
        id="org-switcher-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': 'Your organisations', dense: true }, paper: { sx: { minWidth: 240, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        {organizations.isPending && (
          <MenuItem disabled>
            <ListItemIcon>
              <CircularProgress size={16} />
            </ListItemIcon>
            <ListItemText primary="Loading organisations…" />
          </MenuItem>
        )}
        {organizations.isError && (
          <MenuItem onClick={() => void organizations.refetch()}>
            <ListItemText primary="Could not load your organisations" secondary={`${failureText(organizations.error)} Select to retry.`} />
          </MenuItem>
        )}
        {(organizations.data?.items ?? []).map((org) => {
          const selected = org.id === current.id;
          return (
            <MenuItem key={org.id} selected={selected} disabled={switchTo.isPending} onClick={() => void choose(org.id, org.name)}>
              <ListItemIcon>
                {selected ? <CheckIcon fontSize="small" /> : switchTo.isPending && switchTo.variables === org.id ? <CircularProgress size={16} /> : null}
              </ListItemIcon>
              <ListItemText
                primary={org.name}
                secondary={`${org.personal ? 'Personal · ' : ''}${ORG_ROLE_LABELS[org.role]} · ${org.members} ${org.members === 1 ? 'member' : 'members'}`}
                slotProps={{ primary: { noWrap: true } }}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setCreating(true);
          }}
        >
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Create organisation" />
        </MenuItem>
      </Menu>
      <CreateOrganizationDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          navigate(paths.dashboard.team);
          onNavigate?.();
        }}
      />
    </Box>
  );
}
