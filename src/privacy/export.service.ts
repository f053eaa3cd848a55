/**
 * A contact's data export (beyond.md §3): one JSON document streamed as it is read, so its size is
 * bounded by nothing but the contact's history while the process holds one page of rows at a time.
 */
import { Readable } from 'node:stream';
import { getContact } from '../contacts/contacts.service.ts';
import { fromJson } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { topicChoicesOf } from '../topics/topic-choices.service.ts';
import * as repo from './privacy.repo.ts';
import type { ExportedConfirmation, ExportedEmail, ExportedEvent, ExportedExecution } from './privacy.schemas.ts';

/** Rows read per page of events, emails and executions. */
const PAGE = 500;

// Whatever the contacts and topics features read a contact's view and choices with, besides the pages' reader.
type ExportDeps = Pick<Deps, 'reader' | 'clock'> &
  Parameters<typeof getContact>[0] &
  Parameters<typeof topicChoicesOf>[0];

export interface ContactExportFile {
  filename: string;
  /** The document (`ContactExport` in privacy.schemas.ts) as UTF-8 JSON text. */
  body: Readable;
}

/**
 * The export of one contact of the project; 404 CONTACT_NOT_FOUND (another project's id included)
 * before anything is streamed. Each list is read in keyset pages as the client takes the text, so
 * a contact with 100k events costs one page of memory; pages are read one after another, not in
 * one snapshot (a write meanwhile may or may not be in the document). A read failing mid-stream
 * ends the response early, and the truncated document does not parse.
 */
export async function exportContact(
  deps: ExportDeps,
  projectId: string,
  contactId: string,
): Promise<ContactExportFile> {
  const contact = await getContact(deps, projectId, contactId);
  const exportedAt = deps.clock.now().toISOString();
  async function* document(): AsyncGenerator<string> {
    yield `{"exportedAt":${JSON.stringify(exportedAt)},"contact":${JSON.stringify(contact)}`;
    const topics = await topicChoicesOf(deps, deps.reader, projectId, contact.id);
    yield `,"topics":${JSON.stringify(topics)}`;
    const pending = await repo.listPendingConfirmations(deps.reader, projectId, contact.id);
    yield `,"pendingConfirmations":${JSON.stringify(pending.map(toConfirmation))}`;
    yield* jsonArray('events', eventPages(deps, projectId, contact.id), toEvent);
    yield* jsonArray(
      'emails',
      idPages((after) => repo.listEmailsPage(deps.reader, projectId, contact.id, after, PAGE)),
      toEmail,
    );
    yield* jsonArray(
      'workflowExecutions',
      idPages((after) => repo.listExecutionsPage(deps.reader, projectId, contact.id, after, PAGE)),
      toExecution,
    );
    yield '}';
  }
  return { filename: `contact-${contact.id}.json`, body: Readable.from(document()) };
}

/** `,"key":[…]` written page by page. */
async function* jsonArray<R>(key: string, pages: AsyncIterable<R[]>, view: (row: R) => unknown) {
  yield `,${JSON.stringify(key)}:[`;
  let first = true;
  for await (const page of pages) {
    const items = page.map((r) => JSON.stringify(view(r))).join(',');
    yield first ? items : `,${items}`;
    first = false;
  }
  yield ']';
}

/** Pages of a list keyed by id, oldest first, until a short page. */
async function* idPages<R extends { id: string }>(read: (afterId: string) => Promise<R[]>): AsyncGenerator<R[]> {
  let after = '';
  for (;;) {
    const page = await read(after);
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
    after = page.at(-1)!.id;
  }
}

async function* eventPages(deps: ExportDeps, projectId: string, contactId: string) {
  let after: repo.EventKey | undefined;
  for (;;) {
    const page = await repo.listEventsPage(deps.reader, projectId, contactId, after, PAGE);
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
    after = page.at(-1)!;
  }
}

type Row<F extends (...a: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

const toConfirmation = (r: Row<typeof repo.listPendingConfirmations>): ExportedConfirmation => ({
  id: r.id,
  email: r.email,
  topics: fromJson<string[]>(r.topics) ?? [],
  createdAt: r.createdAt,
  expiresAt: r.expiresAt,
  confirmedAt: r.confirmedAt,
});

const toEvent = (r: Row<typeof repo.listEventsPage>): ExportedEvent => ({
  id: r.id,
  name: r.name,
  data: fromJson<Record<string, unknown>>(r.data) ?? {},
  createdAt: r.createdAt,
});

const toEmail = (r: Row<typeof repo.listEmailsPage>): ExportedEmail => ({ ...r });

const toExecution = (r: Row<typeof repo.listExecutionsPage>): ExportedExecution => ({ ...r });
