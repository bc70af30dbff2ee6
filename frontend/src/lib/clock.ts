// The current time in a zone, ticking in the browser (empty when prerendered, so the
// HTML never carries a stale time). Zone names as people read them: CET/CEST, ET, PKT.
import { useEffect, useState } from 'react';
import { dateFormat } from './formats';

/** Abbreviations the browser's locale data lacks (it would say 'GMT+5'). */
const KNOWN: Record<string, string> = { 'Asia/Karachi': 'PKT' };

/** The zone's abbreviation at that instant: EST/EDT (en-US data), CET/CEST (en-GB data), PKT. */
export function zoneAbbreviation(date: Date, zone: string): string {
  for (const locale of ['en-US', 'en-GB']) {
    const name = dateFormat(locale, { timeZone: zone, timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;
    if (name && !name.startsWith('GMT') && !name.startsWith('UTC')) return name;
  }
  return KNOWN[zone] ?? zone;
}

/** Whether the visitor's own clock reads as `zone`'s at `date` (then "your time" would
 *  only say the same again, and is left out). */
export function visitorClockIsZones(date: Date, zone: string): boolean {
  const parts = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' } as const;
  return dateFormat('en-US', { ...parts, timeZone: zone }).format(date) === dateFormat('en-US', parts).format(date);
}

/** 'Saturday 8:15:02 AM EST' in the given zone. */
export function formatZoned(date: Date, zone: string, withSeconds = true): string {
  const time = dateFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
    second: withSeconds ? '2-digit' : undefined,
  }).format(date);
  return `${time.replace(',', '')} ${zoneAbbreviation(date, zone)}`;
}

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
