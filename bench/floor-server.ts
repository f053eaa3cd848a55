/**
 * The hand-written floor of the write endpoints: bare Fastify routes that write what Mailwright's
 * write — `POST /contacts` upserts the contact (its data merged), `POST /v1/track` that and one
 * `events` row, `POST /v1/send` that and one `emails` row — into a database Mailwright migrated and
 * wrote, so every index and trigger of the real schema runs. The event and email rows are shaped
 * like ones Mailwright stored (`select *` of a real row, with this request's id, contact and
 * content). Requests arriving together share one transaction, two at a time, as Mailwright's group
 * commit does; on PostgreSQL a group is one statement (a CTE). No
 * validation, no Liquid, no links, no quota, no logging: what is left is the database's share and
 * Fastify's, a ceiling no implementation of these writes on this schema can pass. Started by
 * bench/floor.ts with FLOOR_PORT and FLOOR_DB (a SQLite file or a postgres:// URL);
 * FLOOR_NARROW=1 stores sends without their HTML and text (what a row rendered at delivery would save).
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { v7 } from 'uuid';

type Row = Record<string, unknown>;
type Kind = 'contact' | 'event' | 'email';
interface Pending {
  kind: Kind;
  email: string;
  data: Record<string, unknown>;
  /** An email's rendered subject and HTML; an event's name. */
  subject?: string;
  html?: string;
  event?: string;
  done: (out: { contactId: string; rowId?: string }) => void;
  fail: (err: unknown) => void;
}
interface Templates {
  projectId: unknown;
  email: Row;
  event: Row;
}

const target = process.env.FLOOR_DB!;
const narrow = process.env.FLOOR_NARROW === '1';
const GROUP_MAX = 100;
const RUNNING_MAX = 2;

/** Substitutes `{{ key }}` from `data` (the benchmark's templates use only plain keys and `??`). */
function render(text: string, data: Record<string, unknown>): string {
  return text.replace(/\{\{\s*(\w+)(?:\s*\?\?\s*"([^"]*)")?\s*\}\}/g, (_, key: string, fallback?: string) => {
    const v = data[key];
    const value = v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v;
    return String(value ?? fallback ?? '');
  });
}

/** The data a contact keeps: the request's values, `{ value, persistent }` ones unwrapped or, when not persistent, left out. */
function kept(data: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (!(v && typeof v === 'object' && 'value' in v)) out[k] = v;
    else if ((v as { persistent?: boolean }).persistent !== false) out[k] = (v as { value: unknown }).value;
  }
  return JSON.stringify(out);
}

/** The row of a pending event or email, from the stored one of its kind. */
function rowOf(t: Templates, p: Pending, contactId: string, now: string | Date): Row {
  const id = v7();
  if (p.kind === 'event') {
    return { ...t.event, id, contact_id: contactId, name: p.event, data: JSON.stringify(p.data), created_at: now };
  }
  return {
    ...t.email,
    id,
    contact_id: contactId,
    to_email: p.email,
    subject: p.subject,
    html: narrow ? '' : p.html,
    text: narrow ? '' : p.html!.replace(/<[^>]+>/g, ''),
    message_id: `${id}@example.test`,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  };
}

const tableOf = { event: 'events', email: 'emails' } as const;

/** A SQLite writer: one transaction of prepared single-row statements per group. */
function sqliteWriter(file: string, t: Templates) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const upsert = db.prepare(
    `insert into contacts (id, project_id, email, subscribed, data, created_at, updated_at)
     values (?, ?, ?, 0, ?, ?, ?)
     on conflict (project_id, email) do update set data = json_patch(contacts.data, excluded.data), updated_at = excluded.updated_at
     returning *`,
  );
  const inserts = Object.fromEntries(
    (['event', 'email'] as const).map((kind) => {
      const cols = Object.keys(t[kind]);
      const stmt = db.prepare(
        `insert into ${tableOf[kind]} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})`,
      );
      return [kind, (row: Row) => stmt.run(...cols.map((c) => row[c]))];
    }),
  );
  const write = db.transaction((group: Pending[]) =>
    group.map((p) => {
      const now = new Date().toISOString();
      const contact = upsert.get(v7(), t.projectId, p.email, kept(p.data), now, now) as { id: string };
      if (p.kind === 'contact') return { contactId: contact.id };
      const row = rowOf(t, p, contact.id, now);
      inserts[p.kind]!(row);
      return { contactId: contact.id, rowId: row.id as string };
    }),
  );
  return async (group: Pending[]) => write(group);
}

const pgValue = (v: unknown) =>
  v !== null && typeof v === 'object' && !(v instanceof Date) && !Buffer.isBuffer(v) ? JSON.stringify(v) : v;

/**
 * A PostgreSQL writer: one statement per group, which commits alone — the group's contacts upserted
 * in a CTE, and its events or emails inserted with their contact's id read from that CTE.
 */
function postgresWriter(url: string, t: Templates) {
  const pool = new pg.Pool({ connectionString: url, max: RUNNING_MAX });
  return async (group: Pending[]) => {
    const now = new Date();
    const params: unknown[] = [];
    const slot = (v: unknown) => `$${params.push(pgValue(v))}`;
    const contactRows = group.map((p) =>
      [v7(), t.projectId, p.email, false, kept(p.data), now, now].map(slot).join(', '),
    );
    const upsert = `insert into contacts (id, project_id, email, subscribed, data, created_at, updated_at)
      values (${contactRows.join('), (')})
      on conflict (project_id, email) do update set data = contacts.data || excluded.data, updated_at = excluded.updated_at
      returning id, email`;
    // The benchmark loads one endpoint at a time: a group is all contacts, all events or all emails.
    const kind = group[0]!.kind;
    if (group.some((p) => p.kind !== kind)) throw new Error('one kind of request per group');
    const rows = group.map((p) => (kind === 'contact' ? undefined : rowOf(t, p, '', now)));
    let text = upsert;
    if (kind !== 'contact') {
      const cols = Object.keys(t[kind]);
      const values = group.map((p, i) =>
        cols.map((c) => (c === 'contact_id' ? `(select id from c where email = ${slot(p.email)})` : slot(rows[i]![c]))),
      );
      text = `with c as (${upsert}) insert into ${tableOf[kind]} (${cols.join(', ')})
        values (${values.map((v) => v.join(', ')).join('), (')}) returning id, contact_id`;
    }
    const { rows: out } = await pool.query<{ id: string; email?: string; contact_id?: string }>(text, params);
    if (kind === 'contact') {
      const byEmail = new Map(out.map((r) => [r.email, r.id]));
      return group.map((p) => ({ contactId: byEmail.get(p.email)! }));
    }
    const byId = new Map(out.map((r) => [r.id, r.contact_id!]));
    return group.map((_, i) => ({ contactId: byId.get(rows[i]!.id as string)!, rowId: rows[i]!.id as string }));
  };
}

/** A stored email of /v1/send and a stored event, the shapes the floor's rows copy. */
async function templates(): Promise<Templates> {
  const emailSql = `select * from emails where source_type = 'TRANSACTIONAL' limit 1`;
  const eventSql = 'select * from events limit 1';
  if (!target.startsWith('postgres')) {
    const db = new Database(target, { readonly: true });
    const out = { email: db.prepare(emailSql).get() as Row, event: db.prepare(eventSql).get() as Row };
    db.close();
    return { ...out, projectId: out.email.project_id };
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  const email = (await client.query(emailSql)).rows[0] as Row;
  const event = (await client.query(eventSql)).rows[0] as Row;
  await client.end();
  return { email, event, projectId: email.project_id };
}

const stored = await templates();
const write = target.startsWith('postgres') ? postgresWriter(target, stored) : sqliteWriter(target, stored);
const queue: Pending[] = [];
let running = 0;

function flushSoon() {
  if (running < RUNNING_MAX && queue.length > 0) setImmediate(flush);
}

async function flush() {
  if (running >= RUNNING_MAX || queue.length === 0) return;
  const group: Pending[] = [];
  // One statement may touch a contact once: a second request for an address waits for the next group.
  const emails = new Set<string>();
  for (let i = 0; i < queue.length && group.length < GROUP_MAX; ) {
    if (emails.has(queue[i]!.email)) i++;
    else {
      emails.add(queue[i]!.email);
      group.push(...queue.splice(i, 1));
    }
  }
  running++;
  try {
    const out = await write(group);
    for (const [i, p] of group.entries()) p.done(out[i]!);
  } catch (err) {
    for (const p of group) p.fail(err);
  } finally {
    running--;
    flushSoon();
  }
}

const accept = (p: Omit<Pending, 'done' | 'fail'>) =>
  new Promise<{ contactId: string; rowId?: string }>((done, fail) => {
    queue.push({ ...p, done, fail });
    flushSoon();
  });

type Body = {
  email?: string;
  to?: string;
  subject?: string;
  body?: string;
  event?: string;
  data?: Record<string, unknown>;
};
const app = Fastify({ logger: false });
app.post('/contacts', async (req, reply) => {
  const b = req.body as Body;
  const out = await accept({ kind: 'contact', email: b.email!, data: b.data ?? {} });
  reply.code(201);
  return { success: true, data: { id: out.contactId, email: b.email } };
});
app.post('/v1/track', async (req) => {
  const b = req.body as Body;
  const out = await accept({ kind: 'event', email: b.email!, event: b.event, data: b.data ?? {} });
  return { success: true, data: { contact: out.contactId, event: out.rowId }, timestamp: new Date().toISOString() };
});
app.post('/v1/send', async (req) => {
  const b = req.body as Body;
  const data = b.data ?? {};
  const out = await accept({
    kind: 'email',
    email: b.to!,
    data,
    subject: render(b.subject!, data),
    html: render(b.body!, data),
  });
  return {
    success: true,
    data: { emails: [{ contact: { id: out.contactId, email: b.to }, email: out.rowId }] },
    timestamp: new Date().toISOString(),
  };
});
app.get('/ready', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.FLOOR_PORT) });
