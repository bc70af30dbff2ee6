// What a clock reads at an instant, in the visitor's own zone (Date's getters) or in a
// gathering's or an event's zone (its offset from the server: the schedule's zone
// spans, an event's own ISO time), and those readings in words. Plain arithmetic: the
// browser's date-formatting data (Intl) costs one long task on a slow phone, so the
// pages never load it.
import { calendarWords, gatheringWords } from '../content/calendar';
import type { ZoneSpan } from './contract.generated';
import { ownDirection, slotted } from './lang';

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
  /** The zone's name in the page's language ('Eastern time'); empty for the visitor's own clock. */
  zone: string;
}

/** A clock `offset` minutes ahead of UTC at `date`. */
export function readingAt(date: Date, offset: number, abbreviation = '', zone = ''): Reading {
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
    zone,
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

/** A zone's name in the page's language, from what the server names it by (its key
 *  among the zone names, 'eastern', or its IANA name: src/schedule/words.rs). */
export function zoneTitle(name: string): string {
  return (gatheringWords.zones as Record<string, string>)[name] ?? slotted(gatheringWords.otherZone, { name });
}

// Each zone's spans, from the schedule's latest answer (lib/schedule.ts).
const known = new Map<string, { from: number; offset: number; abbreviation: string; name: string }[]>();

/** Learns the zones' spans from a schedule answer (a later answer replaces a zone's). */
export function learnZones(zones: Record<string, ZoneSpan[]> | undefined): void {
  for (const [zone, spans] of Object.entries(zones ?? {})) {
    const read = spans.map((s) => ({ from: Date.parse(s.from), offset: s.offset, abbreviation: s.abbreviation, name: s.name })).filter((s) => !Number.isNaN(s.from));
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
  if (!spans) return readingAt(date, 0, 'UTC', 'UTC');
  const t = date.getTime();
  let span = spans[0];
  for (const s of spans) if (s.from <= t) span = s;
  return readingAt(date, span.offset, span.abbreviation, zoneTitle(span.name));
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
const clock = calendarWords.clock;

/** The part of the day `hour` (0 to 23) falls in: the last of `clock.periods` starting
 *  at or before it ('0: AM; 12: PM'). */
function period(hour: number): string {
  let found = '';
  for (const part of clock.periods.split(/[;؛]/)) {
    const colon = part.indexOf(':');
    if (colon > 0 && Number(part.slice(0, colon)) <= hour) found = part.slice(colon + 1).trim();
  }
  return found;
}

/** The digits of a reading's time of day, as the language writes them on and off the hour. */
function digits(r: Reading): string {
  return slotted(r.minute === 0 ? clock.onTheHour : clock.time, { hour: String(r.hour % 12 || 12), hh: pad(r.hour), minute: pad(r.minute) });
}

/** A reading's time of day with its part of the day (src/schedule/clock.rs writes the server's alike). */
export function timeWords(r: Reading): string {
  return slotted(clock.withPeriod, { time: digits(r), period: period(r.hour) });
}

/** A zone's reading as its time and its zone ('<time> EST'; Urdu names the zone in words),
 *  kept whole in its own direction on a right-to-left page. With `unbrokenParts` the time
 *  and the zone's abbreviation are each never wrapped (the line may break between them);
 *  a zone named in words may wrap at its spaces, as a long name must in a large clock at a
 *  phone's width ("(hora de Europa Central)"). */
export function zonedTimeWords(r: Reading, unbrokenParts = false): string {
  const part = (text: string) => (unbrokenParts ? unbroken(text) : text);
  return ownDirection(slotted(clock.zoned, { time: part(timeWords(r)), short: part(r.abbreviation), zone: r.zone || r.abbreviation }));
}

/** A text never wrapped: its spaces no-break ones. */
export const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** 'Wednesday', or short 'Wed'. */
export function weekdayWords(r: Reading, short = false): string {
  return (short ? calendarWords.weekdaysShort : calendarWords.weekdays)[r.weekday];
}

/** 'Wednesday <time>', or short 'Wed <time>'. */
export function weekdayTimeWords(r: Reading, short = false): string {
  return slotted(calendarWords.weekdayTime, { weekday: weekdayWords(r, short), time: ownDirection(timeWords(r)) });
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
