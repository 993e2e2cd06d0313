import type { OpenAPIObject } from '@nestjs/swagger';

/** A JSON Schema (the subset our OpenAPI models use), as MCP's tools/list carries it. */
export type JsonSchema = { [keyword: string]: unknown };

type OpenApiSchema = { [keyword: string]: unknown };

/** Keywords that mean the same in OpenAPI 3.0 schemas and JSON Schema (draft-07 and 2020-12). */
const SAME_KEYWORDS = ['description', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'default', 'title'];

/**
 * An OpenAPI 3.0 schema of the REST document as a plain JSON Schema: `$ref`s inlined, `nullable` as a `null` type,
 * `example` as `examples`, OpenAPI-only keywords dropped. The result validates against the JSON Schema meta-schema
 * (draft-07 and 2020-12), which MCP clients use to check arguments and structured answers.
 */
export function toJsonSchema(schema: OpenApiSchema, document: OpenAPIObject, seen: string[] = []): JsonSchema {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.includes(name)) throw new Error(`Recursive model ${name} cannot be inlined`);
    const target = document.components?.schemas?.[name] as OpenApiSchema | undefined;
    if (!target) throw new Error(`Unknown model ${schema.$ref}`);
    return toJsonSchema(target, document, [...seen, name]);
  }
  // OpenAPI 3.0's nullable model property: { nullable, allOf: [{ $ref }] } (see common/openapi/swagger.ts).
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) {
    const inner = toJsonSchema(schema.allOf[0] as OpenApiSchema, document, seen);
    const described = schema.description ? { ...inner, description: schema.description } : inner;
    return schema.nullable ? { anyOf: [described, { type: 'null' }], ...(schema.description ? { description: schema.description } : {}) } : described;
  }
  // OpenAPI 3.1's nullable model: { anyOf: [{ $ref }, { type: 'null' }] } (see common/swagger.ts).
  if (Array.isArray(schema.anyOf)) {
    return {
      anyOf: (schema.anyOf as OpenApiSchema[]).map((s) => toJsonSchema(s, document, seen)),
      ...(schema.description ? { description: schema.description } : {}),
    };
  }
  const out: JsonSchema = {};
  if (schema.type !== undefined) out.type = schema.nullable ? [schema.type, 'null'] : schema.type;
  for (const keyword of SAME_KEYWORDS) if (schema[keyword] !== undefined) out[keyword] = schema[keyword];
  if (schema.nullable && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (schema.example !== undefined) out.examples = [schema.example];
  if (schema.items) out.items = toJsonSchema(schema.items as OpenApiSchema, document, seen);
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, OpenApiSchema>).map(([key, prop]) => [key, toJsonSchema(prop, document, seen)]),
    );
  }
  if (Array.isArray(schema.required) && schema.required.length > 0) out.required = schema.required;
  if (schema.additionalProperties !== undefined) out.additionalProperties = schema.additionalProperties;
  return out;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  example?: unknown;
  schema?: OpenApiSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: OpenApiSchema }> }>;
}

export function operationOf(document: OpenAPIObject, method: string, path: string): Operation {
  const op = (document.paths[path] as Record<string, Operation> | undefined)?.[method.toLowerCase()];
  if (!op) throw new Error(`No ${method} ${path} in the OpenAPI document`);
  return op;
}

/**
 * The input of a REST operation as one object schema: its query parameters (all but `format`, which only picks the
 * REST answer's serialisation) or its JSON body model.
 */
export function inputSchemaOf(document: OpenAPIObject, method: string, path: string): JsonSchema {
  const op = operationOf(document, method, path);
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (body) return { type: 'object', ...toJsonSchema(body, document) };
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const param of op.parameters ?? []) {
    // The answer format is MCP's own; the release is the key's pin or the Tzdb-Version header of the MCP request.
    if (param.in !== 'query' || param.name === 'format' || param.name === 'tzdb') continue;
    const schema = toJsonSchema(param.schema ?? { type: 'string' }, document);
    if (param.description) schema.description = param.description;
    if (param.example !== undefined && schema.examples === undefined) schema.examples = [param.example];
    properties[param.name] = schema;
    if (param.required) required.push(param.name);
  }
  return { type: 'object', properties, ...(required.length > 0 && { required }) };
}

/** The JSON answer (200) of a REST operation: its response model. */
export function outputSchemaOf(document: OpenAPIObject, method: string, path: string): JsonSchema {
  const schema = operationOf(document, method, path).responses['200']?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} has no JSON answer model`);
  return toJsonSchema(schema, document);
}
