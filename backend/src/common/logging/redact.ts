/**
 * What an error may say in the server log: no row data. Driver and ORM errors quote the failing SQL with its values
 * and PostgreSQL's detail repeats the conflicting value ("Key (hash)=(...)"), which for api_keys is the key's hash and
 * ciphertext; API keys, session tokens and long hex/base64 strings can appear anywhere.
 */
const SQL = /\b(insert\s+into|update\s+"|select\s|delete\s+from|values\s*\()/i;
const SQL_LITERAL = /'(?:[^']|'')*'/g;
const KEY_DETAIL = /(Key \([^)]*\)=\()(.*?)(\)\s+(?:already exists|is not present|conflicts))/g;
const API_KEY = /\btzk_(live|test)_[A-Za-z0-9]+/g;
const HEX = /\b[0-9a-fA-F]{32,}\b/g;
const OPAQUE = /[A-Za-z0-9+_-]{40,}={0,2}/g;
const PARAMS = /(\bparams\b|\bparameters\b)(\s*[:=]\s*)\[[^\]]*\]/gi;

export function redactText(text: string): string {
  let out = text.replace(KEY_DETAIL, '$1[redacted]$3');
  if (SQL.test(out)) out = out.replace(SQL_LITERAL, "'[redacted]'");
  return out.replace(PARAMS, '$1$2[redacted]').replace(API_KEY, 'tzk_$1_[redacted]').replace(HEX, '[redacted]').replace(OPAQUE, '[redacted]');
}

/** An error (or anything thrown) as one redacted log text; with its stack when asked. */
export function redactForLog(err: unknown, withStack = false): string {
  if (err instanceof Error) {
    const detail = (err as Error & { detail?: unknown }).detail;
    const text = withStack && err.stack ? err.stack : `${err.name}: ${err.message}`;
    return redactText(typeof detail === 'string' && !text.includes(detail) ? `${text} (${detail})` : text);
  }
  return redactText(typeof err === 'string' ? err : (JSON.stringify(err) ?? String(err)));
}
