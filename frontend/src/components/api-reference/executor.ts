import type { DocEndpoint, ResponseFormat } from '../../lib/api-reference/model';

/** How the explorer runs an endpoint: the request it hands an executor and the answer it shows. */

export interface ExecuteRequest {
  endpoint: DocEndpoint;
  /** Full URL with the query built from the parameter values. */
  url: string;
  values: Record<string, string>;
  /** Parsed JSON body for POST endpoints. */
  body?: unknown;
  format: ResponseFormat;
}

export interface ExecuteResult {
  status: number;
  statusText?: string;
  body: string;
  durationMs?: number;
  headers?: Record<string, string>;
}

export type EndpointExecutor = (request: ExecuteRequest) => Promise<ExecuteResult>;

export const SIMULATED_EXECUTE_DELAY_MS = 1000;

/** The anonymous /docs executor: waits 1 s and answers the documented example; no call is made. */
export const simulatedExecutor: EndpointExecutor = async ({ endpoint, format }) => {
  await new Promise((resolve) => setTimeout(resolve, SIMULATED_EXECUTE_DELAY_MS));
  const body = endpoint.responseExamples[format] ?? endpoint.responseExamples.json ?? '';
  return { status: 200, statusText: 'OK', body, durationMs: SIMULATED_EXECUTE_DELAY_MS };
};
