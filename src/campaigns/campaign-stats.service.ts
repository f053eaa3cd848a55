/** A campaign's numbers: current counts and rates, the activity over time, and a project's campaign count. */

import type { Deps } from '../deps.ts';
import { percent } from '../lib/percent.ts';
import { storedVariants } from './ab/variants.ts';
import * as repo from './campaigns.repo.ts';
import type { CampaignStats, CampaignTimeseries, CampaignTimeseriesQuery } from './campaigns.schemas.ts';
import { getCampaignRow } from './campaigns.service.ts';

/** Current counts of the campaign's emails; rates are percent of sentCount. */
export async function getCampaignStats(
  deps: Pick<Deps, 'reader' | 'dialect'>,
  projectId: string,
  id: string,
): Promise<CampaignStats> {
  const campaign = await getCampaignRow(deps, projectId, id);
  const [n, byVariant] = await Promise.all([
    repo.aggregateCampaignEmails(deps.reader, deps.dialect, projectId, id),
    campaign.variants === null ? new Map() : repo.aggregateVariantEmails(deps.reader, projectId, id),
  ]);
  const variants = storedVariants(campaign).map(({ name }) => {
    const v = byVariant.get(name) ?? { sent: 0, opened: 0, clicked: 0 };
    const rates = { openRate: percent(v.opened, v.sent), clickRate: percent(v.clicked, v.sent) };
    return { name, ...v, ...rates, winner: campaign.abWinner === name };
  });
  return {
    totalRecipients: campaign.totalRecipients,
    sentCount: n.sent,
    deliveredCount: n.delivered,
    openedCount: n.opened,
    clickedCount: n.clicked,
    bouncedCount: n.bounced,
    complainedCount: n.complained,
    unsubscribedCount: n.unsubscribed,
    openRate: percent(n.opened, n.sent),
    clickRate: percent(n.clicked, n.sent),
    bounceRate: percent(n.bounced, n.sent),
    ...(variants.length > 0 && { variants }),
  };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The automatic interval is hourly while the activity spans at most this long. */
const HOURLY_SPAN_MS = 3 * DAY_MS;
/** Hour buckets asked for explicitly stop after this many (a month). */
const MAX_HOUR_BUCKETS = 31 * 24;

/**
 * The campaign's sends, deliveries, opens, clicks, bounces and unsubscribes per hour or day (UTC),
 * every bucket from the first to the last with activity; empty when nothing was sent.
 */
export async function getCampaignTimeseries(
  deps: Pick<Deps, 'reader' | 'dialect'>,
  projectId: string,
  id: string,
  query: CampaignTimeseriesQuery,
): Promise<CampaignTimeseries> {
  await getCampaignRow(deps, projectId, id);
  const rows = await repo.campaignEmailBuckets(deps.reader, deps.dialect, projectId, id, 'hour');
  if (rows.length === 0) return { interval: query.interval ?? 'hour', data: [] };
  const hours = rows.map((r) => Date.parse(`${r.bucket}:00:00.000Z`));
  const first = Math.min(...hours);
  const last = Math.max(...hours);
  const interval = query.interval ?? (last - first <= HOURLY_SPAN_MS ? 'hour' : 'day');
  const size = interval === 'hour' ? HOUR_MS : DAY_MS;
  const start = interval === 'hour' ? first : first - (first % DAY_MS);
  const count = Math.min(Math.floor((last - start) / size) + 1, interval === 'hour' ? MAX_HOUR_BUCKETS : Infinity);
  const data = Array.from({ length: count }, (_, i) => ({
    start: new Date(start + i * size).toISOString(),
    sent: 0,
    delivered: 0,
    opened: 0,
    clicked: 0,
    bounced: 0,
    unsubscribed: 0,
  }));
  rows.forEach((r, i) => {
    const bucket = data[Math.floor((hours[i]! - start) / size)];
    if (bucket) bucket[r.metric] += r.n;
  });
  return { interval, data };
}

/** How many campaigns the project has, in any status. */
export function countProjectCampaigns(deps: Pick<Deps, 'reader'>, projectId: string): Promise<number> {
  return repo.countCampaigns(deps.reader, projectId, {});
}
