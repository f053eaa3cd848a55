/** Helpers shared by the contacts integration tests: row counts and hand-built multipart bodies. */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../src/deps.ts';
import { newId } from '../../src/lib/ids.ts';

/** Rows of a table for one project; used to prove that refused requests wrote nothing. */
export async function countRows(
  deps: Deps,
  table: 'contacts' | 'contactFields' | 'importJobs' | 'bulkJobs' | 'events',
  projectId: string,
): Promise<number> {
  const row = await deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stored uploads waiting for their import jobs, across projects (an ended job keeps none). */
export async function countImportFiles(deps: Deps): Promise<number> {
  const row = await deps.db
    .selectFrom('importFiles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Event rows of a project by name, oldest first. */
export async function eventsNamed(deps: Deps, projectId: string, name: string) {
  return deps.db
    .selectFrom('events')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('name', '=', name)
    .orderBy('id')
    .execute();
}

/** A multipart/form-data body with one file part (there is no form-data package; built by hand). */
export function multipartBody(
  content: Buffer | string,
  opts: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mailwright${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'contacts.csv'}"\r\n` +
    `Content-Type: ${opts.contentType ?? 'text/csv'}\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(head, 'utf8'),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a CSV to POST /contacts/import. */
export async function uploadCsv(
  app: FastifyInstance,
  auth: string,
  content: Buffer | string,
  opts: { field?: string; filename?: string; contentType?: string } = {},
) {
  const { payload, headers } = multipartBody(content, opts);
  return app.inject({
    method: 'POST',
    url: '/contacts/import',
    headers: { ...headers, authorization: auth },
    payload,
  });
}

/** Request shorthands for the contacts API (t.app is read at call time, after beforeAll built it). */
export function contactsApi(t: { app: FastifyInstance }) {
  return {
    post: (auth: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/contacts', headers: { authorization: auth }, payload: payload as object }),
    patch: (auth: string, id: string, payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/contacts/${id}`,
        headers: { authorization: auth },
        payload: payload as object,
      }),
    get: (auth: string, url: string) => t.app.inject({ url, headers: { authorization: auth } }),
  };
}

/** A new contact row of the project, as the write repo takes it (data `{"k":1}`). */
export function contactRow(projectId: string, email: string, now: Date) {
  return { id: newId(), projectId, email, subscribed: true, data: '{"k":1}', createdAt: now, updatedAt: now };
}
