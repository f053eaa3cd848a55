/**
 * Who of a walked batch gets which message, and when (beyond.md §9): an A/B test's TESTING walk sends
 * its test group their variants, the SENDING_WINNER walk everyone else the winner; a local-time send
 * makes each email due at its zone's moment, and MARKETING mail due outside the project's send window
 * waits for its opening. A row stored due later is not claimed before then (no timer per row).
 */

import { contactZone } from '../../contacts/contact-zone.ts';
import { fromJson } from '../../db/codecs.ts';
import type { Deps } from '../../deps.ts';
import type { SendSettings } from '../../projects/projects.service.ts';
import type { AudienceContact } from '../../segments/audience.ts';
import type { PreparedMessage } from '../../sending/compose.ts';
import { windowOpenAt } from '../../sending/send-window.ts';
import { findTestAssignments } from '../ab/ab.repo.ts';
import { storedVariants, variantMessage } from '../ab/variants.ts';
import { campaignMessage } from '../campaign-content.ts';
import type { CampaignRow } from '../campaigns.repo.ts';
import { type LocalSend, zoneDueTimes } from '../local-send.ts';

export interface PlannedContact {
  contact: AudienceContact;
  message: PreparedMessage;
}

export interface RecipientPlan {
  /** The batch's contacts this walk sends to, each with its message. */
  ofPhase(deps: Pick<Deps, 'db'>, batch: AudienceContact[]): Promise<PlannedContact[]>;
  /** When a recipient's email is due, when later than the walk's start; null: at once. */
  dueAt(data: unknown): Date | null;
}

export function recipientPlan(c: CampaignRow, settings: SendSettings, now: Date): RecipientPlan {
  const base = campaignMessage(c);
  const variants = storedVariants(c);
  const ofPhase: RecipientPlan['ofPhase'] = async (deps, batch) => {
    if (c.abPhase === null) return batch.map((contact) => ({ contact, message: base }));
    if (c.abPhase !== 'TESTING' && c.abPhase !== 'SENDING_WINNER') return [];
    const assigned = await findTestAssignments(
      deps.db,
      c.id,
      batch.map((b) => b.id),
    );
    if (c.abPhase === 'TESTING') {
      return batch.flatMap((contact) => {
        const v = variants[assigned.get(contact.id) ?? -1];
        return v ? [{ contact, message: variantMessage(base, v) }] : [];
      });
    }
    const winner = variants.find((v) => v.name === c.abWinner);
    if (!winner) return [];
    const message = variantMessage(base, winner);
    return batch.filter((contact) => !assigned.has(contact.id)).map((contact) => ({ contact, message }));
  };
  return { ofPhase, dueAt: dueTimes(c, settings, now) };
}

function dueTimes(c: CampaignRow, settings: SendSettings, now: Date): RecipientPlan['dueAt'] {
  const { timezone, sendWindow } = settings.schedule;
  const local = c.localSend === null ? undefined : zoneDueTimes(fromJson<LocalSend>(c.localSend));
  const window = c.emailType === 'MARKETING' ? sendWindow : null;
  // A window's next opening is worked out once per distinct due time (a zone's, or now).
  const opening = new Map<number, Date>();
  const open = (at: Date) => {
    if (!window) return at;
    const known = opening.get(at.getTime());
    if (known) return known;
    const next = windowOpenAt(window, at);
    opening.set(at.getTime(), next);
    return next;
  };
  return (data) => {
    const zoned = local?.(contactZone(data, timezone));
    const due = open(zoned && zoned > now ? zoned : now);
    return due > now ? due : null;
  };
}
