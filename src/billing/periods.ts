/**
 * Billing periods: the Stripe subscription's current period when one is known and holds `now`,
 * otherwise the calendar month (UTC) holding `now`. Pure, so both the send paths and the
 * consumption view agree on which usage row a moment belongs to.
 */

export interface Period {
  start: Date;
  end: Date;
}

function calendarMonth(now: Date): Period {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** The period `now` is in, given the subscription's period as stored (ISO strings or null). */
export function currentPeriod(
  now: Date,
  subscription?: { periodStart: string | null; periodEnd: string | null } | null,
): Period {
  if (subscription?.periodStart && subscription.periodEnd) {
    const start = new Date(subscription.periodStart);
    const end = new Date(subscription.periodEnd);
    // A period that has run out (its renewal's webhook not here yet) no longer counts: the month does.
    if (start <= now && now < end) return { start, end };
  }
  return calendarMonth(now);
}
