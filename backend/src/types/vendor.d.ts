// Packages that ship no type declarations; only what the project calls is typed.
declare module 'postman-collection' {
  export class Collection {
    constructor(definition: unknown);
    name: string;
    items: { count(): number; each(fn: (item: any) => void): void };
    forEachItem(fn: (item: { name: string; request: { method: string; url: { getPath(): string } } }) => void): void;
    toJSON(): unknown;
  }
}

declare module 'newman' {
  interface RunStats {
    total: number;
    failed: number;
    pending: number;
  }
  export interface RunSummary {
    run: {
      stats: { requests: RunStats; assertions: RunStats; testScripts: RunStats };
      failures: { error: { name: string; message: string; test?: string }; source?: { name?: string } }[];
      executions: { item: { name: string }; response?: { code: number } }[];
    };
  }
  export function run(
    options: { collection: unknown; envVar?: { key: string; value: string }[]; reporters?: string[]; timeoutRequest?: number },
    callback: (err: Error | null, summary: RunSummary) => void,
  ): unknown;
}
