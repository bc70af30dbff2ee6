// The one quiet line over a page the service worker showed from the phone's copy
// (offline, or the network too slow): when it was saved, and, with a signal, a way
// to load the latest. The worker marks such a page on <html> (offline/sw.ts). The line
// belongs to that page: it leaves once the visitor moves to another within the site.
import { useEffect, useState } from 'react';
import { offlineWords } from '../content/offline';
import { onRouteChange } from '../lib/router';
import { shortDayWords, timeWords, visitorReading } from '../lib/wallclock';
import { calendarWords } from '../content/calendar';
import { ownDirection, slotted } from '../lib/lang';

/** 'today at 2:05 PM', or 'on Mon, Nov 23 at 2:05 PM'. */
export function savedWhen(at: Date, now: Date = new Date()): string {
  const time = ownDirection(timeWords(visitorReading(at)));
  if (at.toDateString() === now.toDateString()) return slotted(calendarWords.savedToday, { time });
  return slotted(calendarWords.savedOn, { day: shortDayWords(visitorReading(at)), time });
}

export function SavedLine({ at, why, path }: { at: Date; why: 'offline' | 'slow'; /** The page saved. */ path: string }) {
  const [online, setOnline] = useState(navigator.onLine);
  const [here, setHere] = useState(true);
  useEffect(() => onRouteChange((now) => setHere(now === path)), [path]);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    // The signal may have come back between the first render and now: no event then.
    setOnline(navigator.onLine);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  const when = savedWhen(at);
  if (!here) return null;
  return (
    <p role="status" data-testid="saved-line" class="flex flex-wrap items-center justify-center gap-x-3 border-b border-amber-200 bg-amber-50 px-4 py-1 text-center text-sm text-slate-800">
      <span>{slotted(why === 'slow' && online ? offlineWords.slowPage : offlineWords.savedPage, { when })}</span>
      {online && (
        <button type="button" class="inline-flex min-h-11 items-center font-semibold text-sky-900 underline underline-offset-2" onClick={() => window.location.reload()}>
          {offlineWords.loadLatest}
        </button>
      )}
    </p>
  );
}
