import raw from '../../../../openapi/problem-types.json';

/** One problem `code` the API answers: generated from the backend's catalog (npm run openapi), so this page cannot drift. */
export interface ProblemType {
  code: string;
  status: number;
  title: string;
  meaning: string;
  action: string;
}

export const problemTypes = raw as ProblemType[];
