// What a clock reads at an instant, in the visitor's own zone (Date's getters) or in a
// gathering's or an event's zone (its offset from the server: the schedule's zone
// spans, an event's own ISO time), and those readings in words. Plain arithmetic: the
// browser's date-formatting data (Intl) costs one long task on a slow phone, so the
// pages never load it.
import { calendarWords } from '../content/calendar';
import type { ZoneSpan } from './contract.generated';
import { isolated, slotted } from './lang';

/** A clock's reading: month 1-12, weekday 0 (Sunday) to 6. */
export interface Reading {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
  /** The zone's offset from UTC then, in minutes, east positive. */
  offset: number;
  /** The zone's abbreviation then ('EST', 'PKT'); empty for the visitor's own clock. */
  abbreviation: string;
}

/** A clock `offset` minutes ahead of UTC at `date`. */
export function readingAt(date: Date, offset: number, abbreviation = ''): Reading {
  const shifted = new Date(date.getTime() + offset * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    offset,
    abbreviation,
  };
}

/** The visitor's own clock at `date`: UTC moved on by the offset it has then. */
export function visitorReading(date: Date): Reading {
  return readingAt(date, -date.getTimezoneOffset());
}

/** The offset an ISO time carries: '2026-12-05T10:00:00-05:00' → -300 (0 for 'Z'). */
export function offsetOf(iso: string): number {
  const found = /([+-])(\d\d):(\d\d)$/.exec(iso);
  return found ? (found[1] === '-' ? -1 : 1) * (Number(found[2]) * 60 + Number(found[3])) : 0;
}

// Each zone's spans, from the schedule's latest answer (lib/schedule.ts).
const known = new Map<string, { from: number; offset: number; abbreviation: string }[]>();

/** Learns the zones' spans from a schedule answer (a later answer replaces a zone's). */
export function learnZones(zones: Record<string, ZoneSpan[]> | undefined): void {
  for (const [zone, spans] of Object.entries(zones ?? {})) {
    const read = spans.map((s) => ({ from: Date.parse(s.from), offset: s.offset, abbreviation: s.abbreviation })).filter((s) => !Number.isNaN(s.from));
    if (read.length) known.set(zone, read.sort((a, b) => a.from - b.from));
  }
}

/** Whether the schedule has named the zone's spans yet. */
export function knowsZone(zone: string): boolean {
  return known.has(zone);
}

/** The zone's clock at `date` (outside its spans, the nearest one's offset: a zone's
 *  clock changes rarely). UTC for a zone the schedule has not named: the pages ask
 *  only once it has answered (knowsZone). */
export function zoneReading(date: Date, zone: string): Reading {
  const spans = known.get(zone);
  if (!spans) return readingAt(date, 0, 'UTC');
  const t = date.getTime();
  let span = spans[0];
  for (const s of spans) if (s.from <= t) span = s;
  return readingAt(date, span.offset, span.abbreviation);
}

/** Whether the visitor's own clock reads as the zone's at `date` (then "your time"
 *  would only say the same again). Unknown zones differ. */
export function visitorClockIsZones(date: Date, zone: string): boolean {
  return knowsZone(zone) && visitorClockHasOffset(date, zoneReading(date, zone).offset);
}

/** Whether the visitor's own clock is `offset` minutes ahead of UTC at `date`. */
export function visitorClockHasOffset(date: Date, offset: number): boolean {
  return offset === -date.getTimezoneOffset();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '7:05 PM', or with seconds '7:05:09 PM'. */
export function timeWords(r: Reading, seconds = false): string {
  return calendarWords.time(r.hour % 12 || 12, pad(r.minute), seconds ? pad(r.second) : null, r.hour >= 12);
}

/** 'Wednesday', or short 'Wed'. */
export function weekdayWords(r: Reading, short = false): string {
  return (short ? calendarWords.weekdaysShort : calendarWords.weekdays)[r.weekday];
}

/** 'Wednesday 7:05 PM', or short 'Wed 7:05 PM'. */
export function weekdayTimeWords(r: Reading, short = false): string {
  return slotted(calendarWords.weekdayTime, { weekday: weekdayWords(r, short), time: isolated(timeWords(r)) });
}

/** 'Wednesday, December 2'. */
export function dayWords(r: Reading): string {
  return slotted(calendarWords.date, { weekday: weekdayWords(r), month: calendarWords.months[r.month - 1], day: String(r.day) });
}

/** 'Mon, Nov 23'. */
export function shortDayWords(r: Reading): string {
  return slotted(calendarWords.date, { weekday: weekdayWords(r, true), month: calendarWords.monthsShort[r.month - 1], day: String(r.day) });
}

/** Whether two readings fall on the same calendar day. */
export function sameDay(a: Reading, b: Reading): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}
