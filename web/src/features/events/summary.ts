/** How an event's data reads in one line of a table. */

/** A compact, readable one-line form of an event's data: `plan: "pro", amount: 42`. */
export function summarizeData(data: Record<string, unknown>, max = 120): string {
  const parts = Object.entries(data).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  const text = parts.join(', ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
