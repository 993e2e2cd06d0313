import Converter from 'openapi-to-postmanv2';
import type { OpenAPIObject } from '@nestjs/swagger';

/** The tags of the sold API; the Postman collection and the site's docs explorer show only these. */
export const PUBLIC_API_TAGS = ['Time', 'TimeZone', 'Conversion', 'Calculation', 'System'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Postman assigns random ids; dropping them keeps the committed collection reproducible. */
function withoutIds(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'id' && k !== '_postman_id').map(([k, v]) => [k, withoutIds(v)]));
  }
  return value;
}

export function publicApiDocument(document: OpenAPIObject): OpenAPIObject {
  const paths = Object.fromEntries(
    Object.entries(document.paths)
      .map(([path, item]) => {
        const operations = Object.fromEntries(
          Object.entries(item).filter(([, op]) => (op as { tags?: string[] }).tags?.some((t) => PUBLIC_API_TAGS.includes(t))),
        );
        return [path, operations] as const;
      })
      .filter(([, ops]) => Object.keys(ops).length > 0),
  );
  // The converter picks a random enum member where no example is given: pin the first one.
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item) as { parameters?: { schema?: { enum?: unknown[] }; example?: unknown }[] }[]) {
      for (const param of op.parameters ?? []) if (param.example === undefined && param.schema?.enum?.length) param.example = param.schema.enum[0];
    }
  }
  return { ...document, paths, tags: (document.tags ?? []).filter((t) => PUBLIC_API_TAGS.includes(t.name)) };
}

/** A Postman v2.1 collection of the public API, with {{baseUrl}} and an X-API-Key header variable. */
export async function postmanCollection(document: OpenAPIObject): Promise<Json> {
  const source = publicApiDocument(structuredClone(document));
  const result = await new Promise<{ result: boolean; reason?: string; output: { data: Json }[] }>((resolve, reject) =>
    Converter.convert(
      { type: 'json', data: source },
      { folderStrategy: 'Tags', parametersResolution: 'Example', includeAuthInfoInExample: true },
      (err: Error | null, res: { result: boolean; reason?: string; output: { data: Json }[] }) => (err ? reject(err) : resolve(res)),
    ),
  );
  if (!result.result) throw new Error(`Postman conversion failed: ${result.reason}`);
  const collection = withoutIds(result.output[0].data) as { [key: string]: Json };
  collection.variable = [
    { key: 'baseUrl', value: 'http://localhost:3000', type: 'string' },
    { key: 'apiKey', value: 'tzk_live_your_key_here', type: 'string' },
  ];
  collection.auth = { type: 'apikey', apikey: [{ key: 'key', value: 'X-API-Key', type: 'string' }, { key: 'value', value: '{{apiKey}}', type: 'string' }, { key: 'in', value: 'header', type: 'string' }] };
  return collection;
}

export function stableJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}
