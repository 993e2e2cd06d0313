import { isApiError } from '../../../lib/api';

/** What to show for a failed call: the problem's detail (the server's words), else its title, else the error's message. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return error.detail;
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

/** The problem's code as the server sent it (organisation codes are not in the generated union yet). */
export function problemCode(error: unknown): string | undefined {
  return isApiError(error) && typeof error.problem.code === 'string' ? error.problem.code : undefined;
}
