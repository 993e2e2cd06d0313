import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RouterIcon from '@mui/icons-material/Router';
import LanguageIcon from '@mui/icons-material/Language';
import { monoFont } from '../../../theme';
import { copyText } from '../../../components/ui/CopyButton';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { Time } from '../../../lib/time';
import { KeyStatusBadge } from '../../../components/dashboard/KeyStatusBadge';
import { type ApiKey } from '../api';
import { useRevealKey } from '../../../components/dashboard/RevealKeyDialog';
import { ReleasePinSelect } from './ReleasePinSelect';
import { KEY_SCOPE_LABELS, timeLeft } from '../key-options';

/** The current time, moved on every `everyMs` (the expiring countdown). */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The card's expiry words: none, a date with the time left, replaced by a rotation, or expired. */
function expiryText(apiKey: ApiKey, now: number): string {
  if (!apiKey.expiresAt) return 'No expiry';
  if (new Date(apiKey.expiresAt).getTime() <= now) return `Expired ${formatDate(apiKey.expiresAt)}`;
  if (apiKey.replacedById) return 'Replaced by a rotation';
  return `Expires ${formatDate(apiKey.expiresAt)} (in ${timeLeft(apiKey.expiresAt, now)})`;
}

export function ApiKeyCard({
  apiKey,
  canWrite = true,
  toggling,
  onEdit,
  onRotate,
  onDelete,
  onToggleActive,
}: {
  apiKey: ApiKey;
  /** The member's role may change keys (keys.write); otherwise the card only reads. */
  canWrite?: boolean;
  toggling?: boolean;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
  onToggleActive: (active: boolean) => void;
}) {
  const [revealed, setRevealed] = useState<string | null>(null);
  const now = useNow(30_000);
  const expiresMs = apiKey.expiresAt ? new Date(apiKey.expiresAt).getTime() : null;
  const expired = expiresMs !== null && expiresMs <= now;
  const expiring = apiKey.replacedById !== null && !expired;
  const [busy, setBusy] = useState<'reveal' | 'copy' | null>(null);

  // A rotated key has a new secret: forget the revealed one.
  useEffect(() => setRevealed(null), [apiKey.maskedKey]);

  // The secret is asked for once (with the password) and kept on the card until hidden or rotated.
  const { reveal, dialog: confirmDialog } = useRevealKey();
  const fullKey = async () => {
    if (revealed) return revealed;
    const secret = await reveal(apiKey);
    if (secret) setRevealed(secret);
    return secret;
  };

  const toggleReveal = async () => {
    if (revealed) {
      setRevealed(null);
      return;
    }
    setBusy('reveal');
    try {
      await fullKey();
    } catch (error) {
      toast({ title: 'Failed to reveal API key', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    setBusy('copy');
    try {
      const key = await fullKey();
      if (key === null) return;
      if (await copyText(key)) toast({ title: 'Copied to clipboard', description: 'Your API key has been copied to your clipboard.' });
      else toast({ title: 'Copy failed', description: 'Select the key and copy it by hand.', variant: 'destructive' });
    } catch (error) {
      toast({ title: 'Failed to copy API key', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card data-testid="api-key-card" data-key-id={apiKey.id} sx={{ opacity: apiKey.isActive ? 1 : 0.85 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Box sx={{ flex: 1, minWidth: 180 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="key-card-name">
                {apiKey.name}
              </Typography>
              <KeyStatusBadge active={apiKey.isActive} />
              {expiring && <Chip size="small" color="warning" label={`Expiring in ${timeLeft(apiKey.expiresAt!, now)}`} data-testid="key-expiring" />}
              {expired && <Chip size="small" color="error" label="Expired" data-testid="key-expired" />}
            </Box>
            <Typography variant="body2" color="text.secondary">
              Created {formatDate(apiKey.createdAt)}
              {apiKey.createdBy ? ` by ${apiKey.createdBy.email}` : ''} ·{' '}
              {apiKey.lastUsedAt ? (
                <>
                  Last used <Time value={apiKey.lastUsedAt} />
                </>
              ) : (
                'Never used'
              )}
            </Typography>
          </Box>
          {canWrite && (
            <Tooltip describeChild title={apiKey.isActive ? 'Deactivate key' : 'Activate key'}>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                {toggling && <CircularProgress size={16} aria-label="Saving" />}
                <Switch
                  checked={apiKey.isActive}
                  disabled={toggling}
                  onChange={(e) => onToggleActive(e.target.checked)}
                  slotProps={{ input: { 'aria-label': apiKey.isActive ? 'Deactivate key' : 'Activate key' } }}
                />
              </Box>
            </Tooltip>
          )}
        </Box>

        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, bgcolor: 'action.hover', borderRadius: 2, pl: 1.5, pr: 0.5, py: 0.5, my: 1.5 }}>
          <Box component="code" data-testid="key-card-value" sx={{ flex: 1, minWidth: 0, fontFamily: monoFont, fontSize: 13, overflowWrap: 'anywhere' }}>
            {revealed ?? apiKey.maskedKey}
          </Box>
          <Tooltip title={revealed ? 'Hide key' : 'Reveal key'}>
            <span>
              <IconButton size="small" aria-label={revealed ? 'Hide key' : 'Reveal key'} onClick={toggleReveal} disabled={busy !== null}>
                {busy === 'reveal' ? <CircularProgress size={18} /> : revealed ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Copy key">
            <span>
              <IconButton size="small" aria-label="Copy key" onClick={copy} disabled={busy !== null}>
                {busy === 'copy' ? <CircularProgress size={18} /> : <ContentCopyIcon fontSize="small" />}
              </IconButton>
            </span>
          </Tooltip>
        </Box>

        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }}>
          {apiKey.ipRestrictions.length === 0 && apiKey.urlRestrictions.length === 0 && <Chip size="small" variant="outlined" label="No restrictions" />}
          {apiKey.ipRestrictions.map((ip) => (
            <Chip key={`ip-${ip}`} size="small" color="info" variant="outlined" icon={<RouterIcon />} label={ip} data-testid="ip-badge" />
          ))}
          {apiKey.urlRestrictions.map((host) => (
            <Chip key={`url-${host}`} size="small" color="secondary" variant="outlined" icon={<LanguageIcon />} label={host} data-testid="url-badge" />
          ))}
        </Stack>

        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="key-card-limits">
          {apiKey.scopes.length ? `May call: ${apiKey.scopes.map((scope) => KEY_SCOPE_LABELS[scope]).join(', ')}` : 'May call: everything'}
          {' · '}
          {expiryText(apiKey, now)}
          {apiKey.rateLimit ? ` · Own limit: ${apiKey.rateLimit} requests per ${apiKey.rateLimitWindow}` : ''}
        </Typography>

        {canWrite && <ReleasePinSelect apiKey={apiKey} />}

        {canWrite && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {!expiring && (
              <>
                <Button size="small" startIcon={<EditIcon />} onClick={onEdit}>
                  Edit
                </Button>
                <Button size="small" startIcon={<AutorenewIcon />} onClick={onRotate}>
                  Rotate
                </Button>
              </>
            )}
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
              {expiring ? 'Revoke now' : 'Delete'}
            </Button>
          </Stack>
        )}
      </CardContent>
      {confirmDialog}
    </Card>
  );
}
