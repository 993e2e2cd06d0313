import type { OpenAPIObject } from '@nestjs/swagger';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { inputSchemaOf, outputSchemaOf, toJsonSchema } from './mcp-schemas.js';

const document = {
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths: {
    '/api/thing': {
      get: {
        parameters: [
          { name: 'zone', in: 'query', required: true, description: 'A zone.', example: 'UTC', schema: { type: 'string' } },
          { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'xml', 'csv'] } },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Place: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
      Thing: {
        type: 'object',
        properties: {
          name: { type: 'string', nullable: true, example: 'x' },
          kind: { type: 'string', enum: ['a', 'b'], nullable: true },
          place: { type: 'object', nullable: true, allOf: [{ $ref: '#/components/schemas/Place' }], description: 'Where.' },
          places: { type: 'array', items: { $ref: '#/components/schemas/Place' } },
        },
        required: ['name', 'kind', 'place', 'places'],
        additionalProperties: false,
      },
    },
  },
} as unknown as OpenAPIObject;

describe('OpenAPI 3.0 schemas as plain JSON Schema for MCP tools', () => {
  const ajv = new Ajv2020({ strict: false });

  it('inlines models, turns nullable into a null type and example into examples', () => {
    const schema = outputSchemaOf(document, 'GET', '/api/thing');
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(schema.properties).toEqual({
      name: { type: ['string', 'null'], examples: ['x'] },
      kind: { type: ['string', 'null'], enum: ['a', 'b', null] },
      place: {
        anyOf: [
          { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false, description: 'Where.' },
          { type: 'null' },
        ],
        description: 'Where.',
      },
      places: { type: 'array', items: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false } },
    });
    const validate = ajv.compile(schema);
    expect(validate({ name: null, kind: null, place: null, places: [{ city: 'Oslo' }] })).toBe(true);
    expect(validate({ name: 'n', kind: 'c', place: null, places: [] })).toBe(false);
  });

  it("a GET operation's input is its query parameters without format, required as documented", () => {
    expect(inputSchemaOf(document, 'GET', '/api/thing')).toEqual({
      type: 'object',
      properties: { zone: { type: 'string', description: 'A zone.', examples: ['UTC'] } },
      required: ['zone'],
    });
  });

  it('refuses an unknown model rather than guessing', () => {
    expect(() => toJsonSchema({ $ref: '#/components/schemas/Nope' }, document)).toThrow('Unknown model');
  });
});
