import { ProblemException } from '../../common/problems/problem.js';

/** The MCP module's problem codes (tool errors of /mcp); their HTTP status is in src/problem-codes.ts. */
export type McpProblemCode = 'answer_too_large';

export const McpProblems = {
  /** A tool's answer, or a batch's answers together, past the ceiling a tool call may hand back. */
  answerTooLarge: (detail: string) => new ProblemException({ status: 400, code: 'answer_too_large', title: 'Answer too large', detail }),
};
