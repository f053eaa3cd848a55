/**
 * The email's status moves other features cause (tracking, provider reports, a campaign's cancel, an
 * erasure), each writing the status and what the lifecycle table (lifecycle.ts) says goes with it —
 * the contact event, whose listeners write the webhook message — in the caller's transaction.
 */
import type { Executor, Trx } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { recordEvent } from '../events/events.service.ts';
import { TRANSITIONS } from './lifecycle.ts';
import * as status from './status.repo.ts';

type EventDeps = Pick<Deps, 'clock' | 'eventListeners'>;

/** The email of a report, as feedback found it. */
export interface ReportedEmail {
  id: string;
  projectId: string;
  contactId: string | null;
}

const STAMPS = { delivered: 'deliveredAt', bounced: 'bouncedAt', complained: 'complainedAt' } as const;

/**
 * A provider's report (delivered, bounced, complained): the move and its event (`data` joins the
 * email's id) in `trx`. False when the email had already moved on: a repeated report changes nothing.
 */
export async function recordReport(
  deps: EventDeps,
  trx: Trx,
  email: ReportedEmail,
  name: keyof typeof STAMPS,
  opts: { data?: Record<string, unknown>; lastError?: string } = {},
): Promise<boolean> {
  const now = deps.clock.now();
  const moved = await status.moveReported(trx, email.id, name, STAMPS[name], now, opts.lastError);
  if (!moved) return false;
  await recordEvent(
    { ...deps, db: trx },
    {
      projectId: email.projectId,
      contactId: email.contactId,
      name: TRANSITIONS[name].event,
      data: { emailId: email.id, ...opts.data },
    },
  );
  return true;
}

/** `{ variant }` for an A/B test's email (beyond.md §9), nothing otherwise: other events' data is as it was. */
const variantOf = (row: { variant: string | null }) => (row.variant ? { variant: row.variant } : {});

/**
 * Counts an open of the project's email in `trx`. The event marks the first open only: mail clients
 * load the pixel on every view, and a pixel URL reloaded in a loop must not fill the event log (the
 * row still counts every open).
 */
export async function recordOpen(deps: EventDeps, trx: Trx, projectId: string, emailId: string): Promise<void> {
  const row = await status.markOpened(trx, projectId, emailId, deps.clock.now());
  if (!row?.contactId || Number(row.openCount) !== 1) return;
  await recordEvent(
    { ...deps, db: trx },
    { projectId, contactId: row.contactId, name: TRANSITIONS.opened.event, data: { emailId, ...variantOf(row) } },
  );
}

/**
 * Counts a click of `url` in the project's email in `trx`; a click before any pixel load (images
 * off) is the email's first open, and its event, once.
 */
export async function recordClick(
  deps: EventDeps,
  trx: Trx,
  projectId: string,
  emailId: string,
  url: string,
): Promise<void> {
  const now = deps.clock.now();
  const opened = await status.markFirstOpenByClick(trx, projectId, emailId, now);
  const row = await status.markClicked(trx, projectId, emailId, now);
  if (!row?.contactId) return;
  const events = { ...deps, db: trx };
  if (opened?.contactId) {
    await recordEvent(events, {
      projectId,
      contactId: opened.contactId,
      name: TRANSITIONS.opened.event,
      data: { emailId, ...variantOf(opened) },
    });
  }
  await recordEvent(events, {
    projectId,
    contactId: row.contactId,
    name: TRANSITIONS.clicked.event,
    data: { emailId, url, ...variantOf(row) },
  });
}

/** A cancelled campaign's waiting rows → FAILED with `reason`: how many, and whether any had been tried. */
export function cancelCampaignEmails(db: Executor, campaignId: string, reason: string, now: Date) {
  return status.cancelCampaignRows(db, campaignId, reason, now);
}

/** Removes every row of a campaign cancelled before anything went out (it may be sent again). */
export function deleteCampaignEmails(db: Executor, campaignId: string): Promise<void> {
  return status.deleteCampaignRows(db, campaignId);
}

/**
 * Erases the emails' recipient (privacy): what names or shows them goes, attachments and relay
 * replies included; what still waits is never sent (`erased`, with `reason`).
 */
export async function eraseEmails(db: Executor, ids: string[], reason: string, now: Date): Promise<void> {
  await status.scrubEmails(db, ids, reason, now);
  await status.scrubEmailContent(db, ids);
}
