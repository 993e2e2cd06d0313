/**
 * The problem codes, as types only. common/ knows no module: the table of every code and its HTTP statuses is the
 * app's (src/problem-codes.ts, which collects each module's *.errors.ts) and is merged into this interface there
 * (TypeScript declaration merging). So ProblemException still only compiles with a code that exists and a status
 * that code is sent with, and no file of common/ imports a module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by src/problem-codes.ts
export interface ProblemStatusTable {}

/** Every code a problem document of this API carries. */
export type ProblemCode = Extract<keyof ProblemStatusTable, string>;

/** The statuses a code may be answered with. */
export type StatusOf<C extends ProblemCode> = Extract<ProblemStatusTable[C] extends infer S ? (S extends readonly (infer N)[] ? N : S) : never, number>;
