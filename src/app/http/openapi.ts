import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/** Routes that answer without a key whatever the access rules (the service's own). */
const OPEN_PATHS = new Set(['/health']);

/**
 * The OpenAPI document, built from the controllers' routes and the DTOs, served as
 * Swagger UI at /api and as JSON at /api.json. Every operation but /health may be refused 401
 * or 403 once keys are configured (docs/access.md): added here once rather than on each route.
 */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('bridge-ledger')
    .setDescription(
      'An event-sourced ledger for bridge club competitions: append facts to streams, read the tables every number is derived from, with the rule behind each. Errors: { error, message, issues? }. docs/http.md has the whole story.',
    )
    .setVersion('0.1.0')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      description: 'An API key: bl_<keyId>_<secret>',
    })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  for (const [path, item] of Object.entries(document.paths)) {
    if (OPEN_PATHS.has(path)) continue;
    for (const operation of Object.values(item)) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation))
        continue;
      operation.security = [{ bearer: [] }];
      operation.responses['401'] ??= {
        description: 'No key, or a key malformed, unknown or revoked (when keys are configured)',
      };
      operation.responses['403'] ??= {
        description: "The key's role or club may not do this",
      };
    }
  }
  return document;
}

/** Swagger UI at /api, the document at /api.json. */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('api', app, () => openApiDocument(app), {
    jsonDocumentUrl: 'api.json',
    yamlDocumentUrl: 'api.yaml',
  });
}
