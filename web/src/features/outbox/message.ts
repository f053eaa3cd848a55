/** Helpers of the outbox message view. */

/** A safe file name for the raw message: the subject's words, else the message id, with .eml. */
export function emlFileName(subject: string, id: string): string {
  const base = subject
    .normalize('NFKD')
    .replace(/[^\w\s.-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80)
    .replace(/^[.-]+|[.-]+$/g, '');
  return `${base || id}.eml`;
}

/** Headers in reading order: the ones people look for first, then the rest by name. */
export function sortedHeaders(headers: Record<string, string>): Array<[string, string]> {
  const first = ['from', 'to', 'cc', 'reply-to', 'subject', 'date', 'message-id'];
  const rank = (name: string) => {
    const i = first.indexOf(name);
    return i === -1 ? first.length : i;
  };
  return Object.entries(headers).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}
