import { SecretOnceDialog } from '../../../components/ui/SecretOnceDialog';

/** The full key right after create or rotate, with a copy button. */
export function KeySecretDialog({ secret, title, onClose }: { secret: { name: string; key: string } | null; title: string; onClose: () => void }) {
  return (
    <SecretOnceDialog
      value={secret?.key ?? null}
      title={title}
      titleId="key-secret-title"
      warning={<>Copy your key for “{secret?.name}” now and store it somewhere safe. Treat it like a password.</>}
      testId="new-key-value"
      copiedText="Your API key has been copied to your clipboard."
      onClose={onClose}
    />
  );
}
