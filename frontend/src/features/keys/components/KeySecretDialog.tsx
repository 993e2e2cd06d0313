import { SecretOnceDialog } from '../../../components/ui/SecretOnceDialog';
import { REVEAL_LATER_TEXT } from '../../../components/dashboard/RevealKeyDialog';

/** The full key right after create or rotate, with a copy button. */
export function KeySecretDialog({ secret, title, onClose }: { secret: { name: string; key: string } | null; title: string; onClose: () => void }) {
  return (
    <SecretOnceDialog
      value={secret?.key ?? null}
      title={title}
      titleId="key-secret-title"
      warning={
        <>
          Store your key for “{secret?.name}” somewhere safe and treat it like a password. {REVEAL_LATER_TEXT}
        </>
      }
      testId="new-key-value"
      copiedText="Your API key has been copied to your clipboard."
      onClose={onClose}
    />
  );
}
