import { Matches } from 'class-validator';

/**
 * Control characters: C0 (including tab, CR, LF), DEL, C1 (including NEL), and Unicode's line and paragraph
 * separators. None belongs in a name; in a mail's text part each would start a line of its own that reads as ours.
 */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;
/** The same, but a line feed (and CR LF) kept: multi-line free text such as a support message's body. */
const CONTROLS_BUT_LINE_FEED = /(?:(?!\r?\n)[\p{Cc}\u2028\u2029])+/gu;

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

/** Each run of control characters as one space (line feeds kept when asked), for text interpolated into a mail. */
export function withoutControlCharacters(value: string, keepLineFeeds = false): string {
  return value.replace(keepLineFeeds ? CONTROLS_BUT_LINE_FEED : CONTROLS, ' ');
}

/** A one-line customer text (a key's name, an endpoint's description, a person's name): 400 field error on any control character. */
export const SingleLine = (label: string) =>
  Matches(/^[^\p{Cc}\u2028\u2029]*$/u, { message: `${label} must not contain line breaks, tabs or other control characters` });
