/**
 * The OpenAPI document the server serves at /openapi.json, produced without listening: a throwaway
 * SQLite database, the app built and asked for its document. The typed client is generated from it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { createDeps } from '../src/composition.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/deps.ts';

/** Builds the app on a temporary database and returns its OpenAPI document. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailwright-openapi-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      BASE_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'openapi-document-secret-0123456789abcdef',
      SIGNING_SECRET: 'openapi-document-secret-0123456789abcdef',
      ENCRYPTION_KEY: 'openapi-document-secret-0123456789abcdef',
    });
    const deps = await createDeps(config, { log: createLogger('silent') });
    try {
      const app = await buildApp(deps);
      await app.ready();
      const doc = app.swagger() as unknown as Record<string, unknown>;
      await app.close();
      return doc;
    } finally {
      await deps.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
