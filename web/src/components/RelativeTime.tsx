import { useEffect, useState } from 'react';
import { formatDateTime, formatRelative } from '../lib/format.ts';

/** "5 minutes ago", with the exact local time on hover and for machines. */
export function RelativeTime({ iso, className }: { iso: string | null | undefined; className?: string }) {
  // Re-render once a minute so "just now" does not stay "just now".
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (!iso) return <span className={className}>—</span>;
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatRelative(iso)}
    </time>
  );
}
