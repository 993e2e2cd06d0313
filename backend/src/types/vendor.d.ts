// Packages that ship no type declarations; only what the project calls is typed.
declare module 'openapi-to-postmanv2' {
  interface ConvertResult {
    result: boolean;
    reason?: string;
    output: { type: string; data: any }[];
  }
  const Converter: {
    convert(input: { type: 'json' | 'string'; data: unknown }, options: Record<string, unknown>, callback: (err: Error | null, result: ConvertResult) => void): void;
  };
  export default Converter;
}

declare module 'postman-collection' {
  export class Collection {
    constructor(definition: unknown);
    name: string;
    items: { count(): number; each(fn: (item: any) => void): void };
    forEachItem(fn: (item: { name: string; request: { method: string; url: { getPath(): string } } }) => void): void;
    toJSON(): unknown;
  }
}
