// The gatherings' live state and next times, from the server's schedule
// (GET /api/schedule?at=<the browser's now>), re-checked every 60 seconds, and the
// words for a countdown and for the visitor's own time. The last answer is saved on
// the phone: without a signal, the times come from its list of later occurrences.
import { useEffect, useState } from 'react';
import { apiRequest } from './api';
import { stillHydrating } from './later';
import { CALENDAR_PATH, type GatheringNow, type ScheduleNow } from './contract.generated';
import { dayWords, learnZones, sameDay, timeWords, visitorClockIsZones, unbroken, visitorReading, weekdayTimeWords, weekdayWords, zonedTimeWords, zoneReading } from './wallclock';
import { calendarWords } from '../content/calendar';
import { lang, ownDirection, slotted } from './lang';

/** One gathering as the server's schedule describes it (generated from src/schedule.rs). */
export type Gathering = GatheringNow;

const SCHEDULE_REFRESH_MS = 60_000;

// One shared copy for every component on the page; the minute timer runs only
// while something on the page shows the schedule (and never at module load).
let latest: Gathering[] | null = null;
const listeners = new Set<(gatherings: Gathering[]) => void>();
let timer: number | undefined;

const SAVED_KEY = 'thewell-schedule';

function publish(gatherings: Gathering[]): void {
  latest = gatherings;
  listeners.forEach((listener) => listener(gatherings));
}

/** The gatherings as of `now`, from an answer saved earlier: each one's first
 *  occurrence (the one it answered with, then the later ones) not yet over and not
 *  skipped, with the skipped ones before it, as the server would answer. */
export function fromSaved(answer: ScheduleNow, now: Date): Gathering[] {
  const t = now.getTime();
  return answer.gatherings.flatMap((g) => {
    const answered = { start: g.start, end: g.end, label: g.label, state: g.state, reason: g.reason, reasons: g.reasons };
    const ahead = [...(g.skipped ?? []), answered, ...(g.later ?? [])].filter((o) => Date.parse(o.end) + 60_000 > t);
    const held = ahead.findIndex((o) => o.state !== 'skipped');
    if (held < 0) return [];
    const found = ahead[held];
    return [{ ...g, ...found, live: Date.parse(found.start) <= t, skipped: ahead.slice(0, held), later: [] }];
  });
}

function savedAnswer(): ScheduleNow | null {
  try {
    const saved = JSON.parse(localStorage.getItem(SAVED_KEY) ?? 'null') as ScheduleNow | null;
    // An answer saved before answers named their zones' offsets cannot tell a zone's time.
    return saved && Array.isArray(saved.gatherings) && saved.zones ? saved : null;
  } catch {
    return null;
  }
}

function load(): void {
  apiRequest<ScheduleNow>('GET', `/api/schedule?at=${encodeURIComponent(new Date().toISOString())}`)
    .then((answer) => {
      learnZones(answer.zones);
      publish(answer.gatherings);
      try {
        localStorage.setItem(SAVED_KEY, JSON.stringify(answer));
      } catch {
        // Storage full or refused: only the offline times are lost.
      }
    })
    .catch(() => {
      // Offline or the server is restarting: the saved answer, as of now; again next minute.
      const saved = savedAnswer();
      if (saved) {
        learnZones(saved.zones);
        publish(fromSaved(saved, new Date()));
      }
    });
}

/** All gatherings, as of the browser's clock; null until the first answer. */
export function useSchedule(): Gathering[] | null {
  // A part hydrated after the answer came still draws the server's words first (lib/later.tsx).
  const [gatherings, setGatherings] = useState<Gathering[] | null>(stillHydrating() ? null : latest);
  useEffect(() => {
    listeners.add(setGatherings);
    if (latest) setGatherings(latest);
    if (listeners.size === 1) {
      load();
      timer = window.setInterval(load, SCHEDULE_REFRESH_MS);
    }
    return () => {
      listeners.delete(setGatherings);
      if (listeners.size === 0) {
        window.clearInterval(timer);
        timer = undefined;
      }
    };
  }, []);
  return gatherings;
}

/** A gathering's weekly series as a calendar file. */
export const calendarPath = (id: string) => CALENDAR_PATH.replace('{id}', id);

export function useGathering(id: string): Gathering | null {
  return useSchedule()?.find((g) => g.id === id) ?? null;
}

const plural = (n: number, forms: { one: string; other: string }) => slotted(n === 1 ? forms.one : forms.other, { n: String(n) });

/** 'X days, Y hours and Z minutes', days left out under 24 hours; minutes rounded up. */
export function describeCountdown(ms: number): string {
  const minutesLeft = Math.max(0, Math.ceil(ms / 60_000));
  const days = Math.floor(minutesLeft / 1440);
  const hours = Math.floor((minutesLeft % 1440) / 60);
  const minutes = minutesLeft % 60;
  const rest = slotted(calendarWords.countdown.rest, { hours: plural(hours, calendarWords.hour), minutes: plural(minutes, calendarWords.minute) });
  return days > 0 ? slotted(calendarWords.countdown.days, { days: plural(days, calendarWords.day), rest }) : rest;
}

/** The gathering's start, its time and zone as one unbroken run: never wrapped apart
 *  (the next start, the line after a skipped week). */
function unbrokenStart(g: Gathering): string {
  return unbroken(zonedTimeWords(zoneReading(new Date(g.start), g.zone)));
}

/** The gathering's start as its own zone names it: 'Wednesday <time> EDT' (the time
 *  and its zone never wrapped apart). */
export function zonedStart(g: Gathering): string {
  return slotted(calendarWords.weekdayTime, { weekday: weekdayWords(zoneReading(new Date(g.start), g.zone)), time: unbrokenStart(g) });
}

/** The start in the browser's own zone, short: 'Thu <time>'. */
export function visitorShort(g: Gathering): string {
  return weekdayTimeWords(visitorReading(new Date(g.start)), true);
}

/** An instant's time of day in the browser's own zone. */
export function visitorClock(iso: string): string {
  return ownDirection(timeWords(visitorReading(new Date(iso))));
}

/** An instant as its weekday and time in the browser's own zone: 'Thursday <time>'. */
export function visitorDayTime(date: Date): string {
  return weekdayTimeWords(visitorReading(date));
}

/** The occurrence's day in the gathering's zone: 'Wednesday, December 2'. */
export function zonedDay(iso: string, zone: string): string {
  return dayWords(zoneReading(new Date(iso), zone));
}

/** When the next occurrence is not the regular one (a week skipped before it):
 *  'No Bible study tonight (Thanksgiving).', or '… on Wednesday, November 25 (…).'. */
export function skippedLine(g: Gathering, noun: string, now: Date): string | null {
  const skipped = g.skipped?.[0];
  if (!skipped) return null;
  const start = zoneReading(new Date(skipped.start), g.zone);
  const today = sameDay(start, zoneReading(now, g.zone));
  const when = today
    ? new Date(skipped.start).getTime() - now.getTime() < 6 * 3600_000 || start.hour >= 17
      ? calendarWords.tonight
      : calendarWords.today
    : slotted(calendarWords.onDay, { day: zonedDay(skipped.start, g.zone) });
  const reason = reasonOf(skipped);
  const why = reason ? slotted(calendarWords.why, { reason: ownDirection(reason) }) : '';
  return slotted(calendarWords.skipped, { noun, when, why });
}

/** Why a date is skipped or moved, in this page's language where the gathering's file
 *  gives it (`--reason-in`), else as written (an answer saved before reasons had
 *  languages has only that). */
function reasonOf(o: { reason: string; reasons?: Partial<Record<string, string>> }): string {
  return o.reasons?.[lang] ?? o.reason;
}

/** After a week left out, the next date: 'Next: Wednesday, December 9, <time> <zone>'
 *  (the time and its zone never wrapped apart). */
export function nextAfterSkip(g: Gathering): string {
  return slotted(calendarWords.nextDate, { day: zonedDay(g.start, g.zone), time: unbrokenStart(g) });
}

/** The same instant in the browser's own zone: 'That is Thursday <time> your time'
 *  (left out when the visitor's clock reads the same as the gathering's). */
export function visitorLine(g: Gathering): string {
  if (visitorClockIsZones(new Date(g.start), g.zone)) return slotted(calendarWords.sentence, { text: zonedStart(g) });
  return slotted(calendarWords.thatIs, { start: zonedStart(g), time: visitorDayTime(new Date(g.start)) });
}
