import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { APP_VERSION } from './tzdb.js';

/** The OpenAPI 3 document, generated from the controllers' decorators. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('TimeZone API')
    .setDescription(
      'Current time, conversion, lookup by zone, city, free text or coordinates, search, date calculations, DST and history since 1970. ' +
        'Send your key in the `X-API-Key` header (or `Authorization: Bearer <key>`). Answers are JSON by default; XML or CSV with `?format=` or `Accept`. ' +
        'Errors are RFC 9457 problem documents with a stable `code`.',
    )
    .setVersion(APP_VERSION)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, 'api-key')
    .addCookieAuth('tzapi_session', { type: 'apiKey', in: 'cookie' }, 'session')
    .addTag('Time', 'Current time in a zone, at a point, and in UTC')
    .addTag('TimeZone', 'Zone list, search, lookup, info and transitions')
    .addTag('Conversion', 'Convert a date-time between zones')
    .addTag('Calculation', 'Add, subtract, difference and day of week')
    .addTag('System', 'Health of the service')
    .build();
  return SwaggerModule.createDocument(app, config, { operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}` });
}

export function mountSwaggerUi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json', customSiteTitle: 'TimeZone API – Swagger UI' });
}
