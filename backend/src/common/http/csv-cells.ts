/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet opens a cell that starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return as a formula, so a key name such as `=HYPERLINK("http://evil.example/?x","open")` would become
 * a live link in the customer's spreadsheet. Every text cell the product writes to a CSV goes through
 * `csvTextCell`: such a cell gets a leading `'` (the spreadsheet shows the text as it is), and every text cell is
 * quoted with inner quotes doubled, as json2csv's own string formatter does.
 *
 * Two kinds of text are left as they are, because no spreadsheet runs them and API clients read them as data: a plain
 * number (`-3600`, `+1.5`) and a UTC offset (`-05:00`, `+0530`). Cells that are JSON numbers are numbers in the CSV
 * and never pass through here.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const UTC_OFFSET = /^[+-]\d{2}(?::?\d{2}){0,2}$/;

/** The text as a spreadsheet should show it: a leading `'` when it would otherwise start a formula. */
export function neutraliseFormula(value: string): string {
  if (!FORMULA_START.test(value) || PLAIN_NUMBER.test(value) || UTC_OFFSET.test(value)) return value;
  return `'${value}`;
}

/** A quoted CSV text cell, formula-neutralised: json2csv's `formatters.string`. */
export function csvTextCell(value: string): string {
  return `"${neutraliseFormula(value).replaceAll('"', '""')}"`;
}

/** The json2csv option that makes every text cell (and every header) safe to open in a spreadsheet. */
export const SAFE_CSV_FORMATTERS = { string: csvTextCell } as const;
