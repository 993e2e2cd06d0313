import IconButton from '@mui/material/IconButton';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { toast } from './toast';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API needs a secure context; fall back to a hidden textarea.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

export function CopyButton({ text, label = 'Copy', color = 'inherit' }: { text: string; label?: string; color?: 'inherit' | 'primary' | 'default' }) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      title={label}
      color={color}
      onClick={async () => {
        await copyText(text);
        toast({ title: 'Copied to clipboard', description: 'Code has been copied to your clipboard.' });
      }}
    >
      <ContentCopyIcon fontSize="small" />
    </IconButton>
  );
}
