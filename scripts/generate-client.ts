/**
 * Writes client/schema.d.ts: TypeScript types for every path of the served OpenAPI document
 * (openapi-typescript). `npm run client:generate` after an API change; a test fails when they drift.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { clientTypes } from './client-types.ts';
import { openApiDocument } from './openapi-document.ts';

const target = fileURLToPath(new URL('../client/schema.d.ts', import.meta.url));
writeFileSync(target, await clientTypes(await openApiDocument()));
console.log(`wrote ${target}`);
