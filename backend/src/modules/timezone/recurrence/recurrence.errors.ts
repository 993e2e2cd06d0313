import { ProblemException } from '../../../common/problems/problem.js';

/** Problem codes of recurrence rule sets (RFC 5545); their HTTP status is in src/problem-codes.ts. */
export type RecurrenceProblemCode = 'invalid_recurrence' | 'recurrence_count_too_large' | 'too_many_occurrences';

/** The most occurrences one expansion answers (and the most COUNT a rule may ask for). */
export const MAX_OCCURRENCES = 1000;

export const RecurrenceProblems = {
  /** The rule set does not parse: the line and the reason. */
  invalid: (detail: string, field = 'rule') =>
    new ProblemException({
      status: 400,
      code: 'invalid_recurrence',
      detail: `${detail} Send an iCalendar (RFC 5545) rule set: a DTSTART line (DTSTART;TZID=America/New_York:20270301T093000), an RRULE line and optional RDATE and EXDATE lines.`,
      field,
    }),
  countTooLarge: (count: number, field = 'rule') =>
    new ProblemException({
      status: 400,
      code: 'recurrence_count_too_large',
      detail: `COUNT=${count} asks for more than ${MAX_OCCURRENCES} occurrences; one expansion answers at most ${MAX_OCCURRENCES}.`,
      field,
      extra: { count, maxOccurrences: MAX_OCCURRENCES },
    }),
  /** A rule with no end (or an end far away) whose window holds more occurrences than the cap. */
  tooMany: (unbounded: boolean, field = 'to') =>
    new ProblemException({
      status: 400,
      code: 'too_many_occurrences',
      detail: unbounded
        ? `The rule has no end (no COUNT or UNTIL) and no "to" bounds it: it asks for more than ${MAX_OCCURRENCES} occurrences. Send "to" (or give the rule a COUNT or UNTIL).`
        : `The window from "from" to "to" holds more than ${MAX_OCCURRENCES} occurrences; ask for a shorter window.`,
      field,
      extra: { maxOccurrences: MAX_OCCURRENCES },
    }),
};
