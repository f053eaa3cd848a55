/**
 * The plan of a local-time send (beyond.md §9): how many recipients go out when, by zone. The audience
 * is counted by its contacts' `data.timezone` in one grouped statement, then each zone's moment is
 * worked out once: a million recipients are a few hundred groups, not a timer per row.
 */

import { contactZone } from '../contacts/contact-zone.ts';
import type { Deps } from '../deps.ts';
import { getSendSettings } from '../projects/projects.service.ts';
import { windowOpenAt } from '../sending/send-window.ts';
import { countRecipients } from './campaign-send.service.ts';
import type { SendPlan, SendPlanBody } from './campaigns.schemas.ts';
import { getCampaignRow } from './campaigns.service.ts';
import { countByTimezone } from './local-send.repo.ts';
import { checkedLocalSend, zoneDueTimes } from './local-send.ts';

/** A JSON text value (as the database extracts it) read back; undefined when it is not JSON. */
function jsonValue(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** POST /campaigns/:id/send-plan: what a send at `localTime` on `date` would do now; nothing changes. */
export async function planLocalSend(
  deps: Pick<Deps, 'reader' | 'dialect' | 'clock' | 'topics' | 'config' | 'keyCache'>,
  projectId: string,
  id: string,
  body: SendPlanBody,
): Promise<SendPlan> {
  const campaign = await getCampaignRow(deps, projectId, id);
  const local = checkedLocalSend(body);
  const { schedule } = await getSendSettings(deps, projectId);
  const recipients = await countRecipients(deps, campaign);
  const groups = recipients.where ? await countByTimezone(deps.reader, deps.dialect, projectId, recipients.where) : [];
  const byZone = new Map<string, number>();
  for (const g of groups) {
    const zone = contactZone({ timezone: jsonValue(g.zone) }, schedule.timezone);
    byZone.set(zone, (byZone.get(zone) ?? 0) + g.n);
  }
  const now = deps.clock.now();
  const due = zoneDueTimes(local);
  const window = campaign.emailType === 'MARKETING' ? schedule.sendWindow : null;
  const planned = [...byZone].map(([timezone, n]) => {
    const at = due(timezone) > now ? due(timezone) : now;
    return { timezone, sendAt: (window ? windowOpenAt(window, at) : at).toISOString(), recipients: n };
  });
  planned.sort((a, b) => a.sendAt.localeCompare(b.sendAt) || a.timezone.localeCompare(b.timezone));
  return { total: recipients.count, groups: planned };
}
