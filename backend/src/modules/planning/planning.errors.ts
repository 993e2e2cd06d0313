import { ProblemException } from '../../common/problems/problem.js';

/** Problem codes of the planning answers (meeting slots); their HTTP status is in src/problem-codes.ts. */
export type PlanningProblemCode = 'invalid_participants' | 'invalid_participant' | 'invalid_step' | 'invalid_working_hours';

export const PARTICIPANTS = { min: 2, max: 20 } as const;
export const STEPS = [15, 30, 60] as const;
/** The most local dates one meeting-slots request spans. */
export const MAX_DAYS = 31;

export const PlanningProblems = {
  participantCount: (count: number) =>
    new ProblemException({
      status: 400,
      code: 'invalid_participants',
      detail: `Send ${PARTICIPANTS.min} to ${PARTICIPANTS.max} participants (got ${count}).`,
      field: 'participants',
      extra: { count, min: PARTICIPANTS.min, max: PARTICIPANTS.max },
    }),
  /** None, or more than one, of timezone, city and latitude/longitude. */
  participantPlace: (index: number, given: string[]) =>
    new ProblemException({
      status: 400,
      code: 'invalid_participant',
      detail:
        given.length === 0
          ? `participants[${index}] has no place: give a timezone, a city or latitude and longitude.`
          : `participants[${index}] names its place more than one way (${given.join(', ')}); give one.`,
      field: `participants[${index}]`,
    }),
  step: (step: number) =>
    new ProblemException({
      status: 400,
      code: 'invalid_step',
      detail: `stepMinutes is ${step}; candidate slots start every ${STEPS.join(', ')} minutes.`,
      field: 'stepMinutes',
      extra: { allowed: [...STEPS] },
    }),
  workingHours: (index: number, detail: string) =>
    new ProblemException({
      status: 400,
      code: 'invalid_working_hours',
      detail: `participants[${index}].workingHours: ${detail}`,
      field: `participants[${index}].workingHours`,
    }),
};
