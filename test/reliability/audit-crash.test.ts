// Invariant: an audited change and its audit entry commit together or not at all, whatever kills the
// process (docs/audit-log.md, db/first-write.ts). The entry is written unsealed by the change's first
// write, in its transaction, and sealed right after the handler; a kill between the commit and the
// seal leaves it unsealed (no `changes`, and no resource id for a creation), never missing.
// With the project's secret key, 40 concurrent requests at a time create topics (unique names), delete
// and PATCH them over the processes of the build (PostgreSQL: 2 APIs and a worker; SQLite: one
// `serve`). Four rounds end with every process SIGKILLed, requests in flight: two at a random point,
// two aimed at the instant the database shows a change whose request has not been answered (the
// window a blind kill seldom hits); each time the processes start again. A last round runs to its end.
// Then, read from the database: one `topic.created` entry per topic that ever committed (the rows now
// plus those deleted), one `topic.deleted` entry per deleted topic and none for a topic that still
// exists, a sealed entry of the right action and resource behind every 201/204/200 the client saw
// (its X-Audit-Entry), unsealed entries only for cut requests whose change committed, the same log
// through GET /audit-log, and the table still refusing UPDATE and DELETE.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { toBool } from '../../src/db/codecs.ts';
import { groupBy } from '../../src/lib/group-by.ts';
import { DIALECTS, type Dialect } from '../env.ts';
import { reportFigures } from '../fixtures/figures.ts';
import {
  committedOf,
  type Fleet,
  type Ledger,
  type Op,
  runLoad,
  startFleet,
  syncLedger,
  type TopicNow,
  topicEntries,
} from './audit-crash-rig.ts';

/** The rounds that end in a SIGKILL: blind ones at a random point, aimed ones at a commit in flight. */
const KILLS = [{ aimed: false }, { aimed: true }, { aimed: false }, { aimed: true }];
const ROUND_REQUESTS = 500;
/** Each kill lands once this many requests of its round were answered: a random point in between. */
const KILL_FROM = 100;
const KILL_TO = 400;
const FINAL_REQUESTS = 200;
/** After a restart, before the rows are read: a commit the kill left on its way has landed. */
const SETTLE_MS = 500;
const ANSWER: Record<Op, { status: number; action: string }> = {
  create: { status: 201, action: 'topic.created' },
  delete: { status: 204, action: 'topic.deleted' },
  patch: { status: 200, action: 'topic.updated' },
};
const OPS = Object.keys(ANSWER) as Op[];

type Entry = Awaited<ReturnType<typeof topicEntries>>[number];

const countOps = <T extends { op: Op }>(list: T[]) => OPS.map((op) => list.filter((r) => r.op === op).length);
const countActions = (list: Entry[]) => OPS.map((op) => list.filter((e) => e.action === ANSWER[op].action).length);

/** What contradicts "one entry per committed change, none for another", as readable lines. */
function auditProblems(ledger: Ledger, rows: Map<string, TopicNow>, entries: Entry[]): string[] {
  const problems: string[] = [];
  const ever = new Set([...ledger.seen, ...rows.keys()]);
  const gone = new Set([...ever].filter((id) => !rows.has(id)));
  const of = groupBy(entries, (e) => e.action);
  const created = of.get('topic.created') ?? [];
  const deleted = of.get('topic.deleted') ?? [];
  const updated = of.get('topic.updated') ?? [];

  // Creations: the rows now and the deleted ones are every topic that committed; one entry each.
  if (created.length !== ever.size)
    problems.push(`${created.length} topic.created entries for ${ever.size} topics (${rows.size} + ${gone.size} gone)`);
  const createdIds = created.filter((e) => toBool(e.sealed)).map((e) => e.resourceId);
  if (new Set(createdIds).size !== createdIds.length) problems.push('a topic with two sealed topic.created entries');
  for (const id of createdIds) if (!id || !ever.has(id)) problems.push(`topic.created of ${id}: no such topic`);
  // Deletions name their topic from the path, sealed or not: exactly the topics gone, once each.
  const deletedIds = deleted.map((e) => e.resourceId ?? '');
  if (new Set(deletedIds).size !== deletedIds.length) problems.push('a topic with two topic.deleted entries');
  for (const id of deletedIds) if (!gone.has(id)) problems.push(`topic.deleted of ${id}, which was not deleted`);
  for (const id of gone) if (!deletedIds.includes(id)) problems.push(`topic ${id} deleted without its entry`);
  for (const e of updated) if (!ever.has(e.resourceId ?? '')) problems.push(`topic.updated of ${e.resourceId}`);

  // Every answer the client saw: its status, and a sealed entry of its action and topic.
  const byId = new Map(entries.map((e) => [e.id, e]));
  for (const r of ledger.requests.filter((q) => q.status !== undefined)) {
    const want = ANSWER[r.op];
    const e = r.entry ? byId.get(r.entry) : undefined;
    if (r.status !== want.status) problems.push(`${r.op} ${r.token} answered ${r.status}`);
    else if (!e || !toBool(e.sealed) || e.action !== want.action || e.resourceId !== r.topicId)
      problems.push(`${r.op} ${r.token} answered ${r.status} with entry ${r.entry}: ${JSON.stringify(e)}`);
  }
  // PATCHes: no more entries than requests, no fewer than answers, plus one when a cut one's value stayed.
  for (const [id, list] of groupBy(updated, (e) => e.resourceId!)) {
    const sent = ledger.requests.filter((r) => r.op === 'patch' && r.topicId === id);
    const answered = sent.filter((r) => r.status === 200).length;
    const cutStayed = sent.some((r) => r.status === undefined && rows.get(id)?.description === r.token) ? 1 : 0;
    if (list.length > sent.length || list.length < answered + cutStayed)
      problems.push(`topic ${id}: ${list.length} topic.updated for ${sent.length} PATCHes (${answered} answered)`);
  }
  // Sealed entries say what changed; unsealed ones cannot.
  for (const e of entries)
    if (toBool(e.sealed) === (e.changes === null))
      problems.push(`entry ${e.id} sealed ${e.sealed}, changes ${e.changes}`);
  return problems;
}

/** The project's topic entries through GET /audit-log, page by page (newest first). */
async function listedEntryIds(fleet: Fleet): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  for (let page = 0; page < 200; page++) {
    const q = new URLSearchParams({ resourceType: 'topic', limit: '100', ...(cursor ? { cursor } : {}) });
    const res = await fetch(`${fleet.urls()[0]}/audit-log?${q}`, { headers: { authorization: fleet.project.auth } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Array<{ id: string }>; cursor: string; hasMore: boolean };
    ids.push(...body.data.map((e) => e.id));
    if (!body.hasMore) return ids;
    cursor = body.cursor;
  }
  throw new Error('GET /audit-log did not end within 200 pages');
}

/** Every way of changing or removing entries is refused; answers how many refusals were seen. */
async function refusals(fleet: Fleet, dialect: Dialect, entries: Entry[]): Promise<number> {
  const { db } = fleet.deps;
  const sealed = entries.find((e) => toBool(e.sealed))!;
  const unsealed = entries.find((e) => !toBool(e.sealed));
  const attempts: Array<() => Promise<unknown>> = [
    () => db.updateTable('auditLog').set({ action: 'topic.hidden' }).where('id', '=', sealed.id).execute(),
    () => db.updateTable('auditLog').set({ changes: '{}' }).where('id', '=', sealed.id).execute(),
    () => db.deleteFrom('auditLog').where('id', '=', sealed.id).execute(),
    () => db.deleteFrom('auditLog').where('projectId', '=', fleet.project.id).execute(),
  ];
  if (unsealed) {
    // Sealing is the one UPDATE allowed; renaming the action of an unsealed entry is not.
    attempts.push(() =>
      db.updateTable('auditLog').set({ action: 'topic.hidden' }).where('id', '=', unsealed.id).execute(),
    );
    attempts.push(() => db.deleteFrom('auditLog').where('id', '=', unsealed.id).execute());
  }
  if (dialect === 'postgres') attempts.push(() => sql`truncate audit_log`.execute(db));
  let refused = 0;
  for (const attempt of attempts) {
    await expect(attempt()).rejects.toThrow(/append-only/);
    refused++;
  }
  return refused;
}

type Figures = Array<{ figure: string; value: string | number; goal?: string }>;

/**
 * One round: the load, the SIGKILL of every process as KILLS says (none in the last round), the
 * restart; then which cut requests had committed, and the unsealed entries the round left
 * (added to `unsealedSeen`), which must be of those.
 */
async function killRound(fleet: Fleet, ledger: Ledger, round: number, unsealedSeen: Set<string>) {
  const aimed = KILLS[round - 1]?.aimed;
  const killAt = aimed === undefined ? undefined : KILL_FROM + Math.floor(Math.random() * (KILL_TO - KILL_FROM));
  const requests = killAt === undefined ? FINAL_REQUESTS : ROUND_REQUESTS;
  const load = await runLoad(fleet, ledger, { round, requests, killAt, aimed });
  const restartFrom = Date.now();
  if (killAt !== undefined) await fleet.startAll();
  const restartS = ((Date.now() - restartFrom) / 1000).toFixed(1);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const now = await syncLedger(fleet.deps, fleet.project.id, ledger);

  const problems: string[] = [];
  const sent = ledger.requests.filter((r) => r.round === round);
  const cut = sent.filter((r) => r.status === undefined);
  const committed = committedOf(cut, now);
  const entries = await topicEntries(fleet.deps, fleet.project.id);
  const fresh = entries.filter((e) => !toBool(e.sealed) && !unsealedSeen.has(e.id));
  for (const e of fresh) unsealedSeen.add(e.id);
  const [cutOps, committedOps, freshActions] = [countOps(cut), countOps(committed), countActions(fresh)];
  // An unsealed entry is a cut request's whose change committed (killed before its seal), of its kind.
  if (freshActions.some((n, i) => n > committedOps[i]!))
    problems.push(`round ${round}: unsealed ${freshActions.join('+')} > committed ${committedOps.join('+')}`);
  if (killAt === undefined && cut.length > 0) problems.push(`round ${round} (no kill): ${cut[0]!.error}`);
  const how = aimed ? (load.aimedHit ? 'aimed ' : 'aimed, missed: ') : '';
  const what = killAt === undefined ? 'no kill' : `${how}SIGKILL after ${load.killedAfter} answers`;
  const perSecond = Math.round((sent.length - cut.length) / (load.ms / 1000));
  const figures: Figures = [
    {
      figure: `round ${round} (${what}): requests sent / answered (per s)`,
      value: `${sent.length} / ${sent.length - cut.length} (${perSecond})`,
    },
    {
      figure: `round ${round}: cut by the kill (create + delete + patch)`,
      value: `${cut.length} (${cutOps.join(' + ')})`,
    },
    { figure: `round ${round}: of those, committed`, value: `${committed.length} (${committedOps.join(' + ')})` },
    {
      figure: `round ${round}: unsealed entries left (created + deleted + updated)`,
      value: `${fresh.length} (${freshActions.join(' + ')})`,
      goal: '≤ committed, same kinds',
    },
  ];
  if (killAt !== undefined) figures.push({ figure: `round ${round}: restart (s)`, value: restartS });
  return { figures, problems, committed: committed.length };
}

describe.each(DIALECTS)('audited changes whose processes are SIGKILLed mid-stream, on %s', (dialect: Dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  });

  // PostgreSQL's four restarts of three processes took up to 30 s each on a busy 2-core machine.
  it('keeps one entry per committed change and none for a change that did not commit, through 4 SIGKILLs', {
    timeout: 480_000,
  }, async () => {
    // The per-project request budget (1000 a minute) would refuse the stream: lifted.
    const fleet = await startFleet(dialect, { RATE_LIMIT_PER_MINUTE: '1000000' }, cleanups);
    const { deps, project } = fleet;
    const ledger: Ledger = { seen: new Set(), idle: new Set(), requests: [] };
    const figures: Figures = [];
    const problems: string[] = [];
    const unsealedSeen = new Set<string>();
    let committedCut = 0;
    const started = Date.now();
    for (let round = 1; round <= KILLS.length + 1; round++) {
      const r = await killRound(fleet, ledger, round, unsealedSeen);
      figures.push(...r.figures);
      problems.push(...r.problems);
      committedCut += r.committed;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const rows = await syncLedger(deps, project.id, ledger);
    const entries = await topicEntries(deps, project.id);
    problems.push(...auditProblems(ledger, rows, entries));
    const listed = await listedEntryIds(fleet);
    const refused = await refusals(fleet, dialect, entries);
    const after = await topicEntries(deps, project.id);
    const gone = [...ledger.seen].filter((id) => !rows.has(id)).length;
    const created = entries.filter((e) => e.action === 'topic.created').length;

    reportFigures(`Audited topic changes, 40 in flight, SIGKILL of every process ${KILLS.length}× (${dialect})`, [
      ...figures,
      { figure: 'topics committed (exist now + deleted)', value: `${ledger.seen.size} (${rows.size} + ${gone})` },
      { figure: 'topic.created / topic.deleted / topic.updated entries', value: countActions(entries).join(' / ') },
      { figure: 'cut requests whose change committed, all rounds', value: committedCut, goal: '> 0' },
      {
        figure: 'contradictions found (entries missing or extra, answers without their sealed entry)',
        value: problems.length,
        goal: '0',
      },
      { figure: 'UPDATE / DELETE of audit_log refused afterwards', value: refused },
      { figure: 'whole run (s)', value: seconds },
    ]);

    expect(problems.slice(0, 20)).toEqual([]);
    // Not vacuous: some kill landed between a change's commit and its answer (the aimed ones are for that).
    expect(committedCut, 'cut requests whose change had committed').toBeGreaterThan(0);
    expect(created).toBe(ledger.seen.size);
    expect(ledger.requests.filter((r) => r.status !== undefined).length).toBeGreaterThan(KILLS.length * KILL_FROM);
    expect(unsealedSeen.size, 'every unsealed entry is still one').toBe(
      entries.filter((e) => !toBool(e.sealed)).length,
    );
    expect([...listed].sort()).toEqual(entries.map((e) => e.id).sort());
    expect(after).toEqual(entries);
  });
});
