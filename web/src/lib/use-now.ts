import { useEffect, useState } from 'react';

/** The time now (ms), read again every `ms` while `live`: for a countdown on screen. */
export function useNow(ms = 1000, live = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms, live]);
  return now;
}
