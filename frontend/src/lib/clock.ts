// The current time, ticking in the browser (null when prerendered, so the HTML never
// carries a stale time). What it reads in a zone is lib/wallclock.ts's.
import { useEffect, useState } from 'react';

/** Re-renders every `everyMs` with the current instant; null until mounted. */
export function useNow(everyMs = 1000): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
