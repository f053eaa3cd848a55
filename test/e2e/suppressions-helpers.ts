/** Shared by the suppression tests: the /suppressions calls and an import's upload, polled to its end. */
import { expect } from 'vitest';
import type { TestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { multipartBody } from './contacts-helpers.ts';

type Method = 'GET' | 'POST' | 'DELETE';

export function suppressionHelpers(t: TestEnv) {
  const api = (p: TestProject, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  return {
    api,
    /** POST /suppressions, 201 expected; answers the rules. */
    async add(p: TestProject, body: object): Promise<Array<Record<string, unknown> & { id: string }>> {
      const res = await api(p, 'POST', '/suppressions', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    },
    /** GET /suppressions with `query`, 200 expected. */
    async list(p: TestProject, query = '') {
      const res = await api(p, 'GET', `/suppressions${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Array<Record<string, unknown> & { id: string }>; cursor: string; total: number };
    },
    /** Uploads `content` to POST /suppressions/import. */
    upload(p: TestProject, content: Buffer | string, opts: { field?: string; filename?: string } = {}) {
      const { payload, headers } = multipartBody(content, { filename: 'list.csv', ...opts });
      return t.app.inject({
        method: 'POST',
        url: '/suppressions/import',
        headers: { ...headers, authorization: p.auth },
        payload,
      });
    },
    /** GET /suppressions/imports/:id after the due jobs ran. */
    async imported(p: TestProject, id: string) {
      await t.deps.jobs.drain();
      const res = await api(p, 'GET', `/suppressions/imports/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    /** The project's rows of a table (what an error must not have written). */
    async count(table: 'suppressions' | 'suppressionImports', projectId: string): Promise<number> {
      const rows = await t.deps.db.selectFrom(table).select('id').where('projectId', '=', projectId).execute();
      return rows.length;
    },
  };
}
