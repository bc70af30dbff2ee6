// The sermons and events as this page was served with them: the server writes what
// it shows now (the latest sermon, the events not yet ended) into every page's
// #site-content block, from the volunteer's files in <data-dir>/content/, and the page
// reads it once, before it comes alive.
import { defaultContent, defaultGatherings, type Block, type Event, type Launch, type Notice, type Shown } from '../content/content.generated';
import { CONTENT_BLOCK_ID, WORD_MARKER } from './contract.generated';
import { dayWords, offsetOf, readingAt, visitorClockHasOffset, visitorReading, weekdayTimeWords, zonedTimeWords, zoneTitle } from './wallclock';
import { slotted } from './lang';
import { calendarWords } from '../content/calendar';

export type { Block, Event, Launch, Notice, Shown };

/** The words the server wrote into this page's elements (each marked with its name). */
function wordsOnPage(): Record<string, string> {
  if (typeof document === 'undefined') return {};
  return Object.fromEntries([...document.querySelectorAll(`[${WORD_MARKER}]`)].map((el) => [el.getAttribute(WORD_MARKER) ?? '', el.textContent ?? '']));
}

/** The names of the words the server marked English in this page (`wordsInEnglish`). */
function wordsMarkedEnglish(): string[] {
  if (typeof document === 'undefined') return [];
  return [...document.querySelectorAll(`[${WORD_MARKER}][lang="en"]`)].map((el) => el.getAttribute(WORD_MARKER) ?? '');
}

/** The built-in example goes into prerendered pages only; the browser reads the page's
 *  block. For a page whose block is missing or damaged (this server always writes one),
 *  no sermon or event, every gathering listed (the server left out the ended ones) and
 *  the words as the server wrote them into the page, marked as it marked them: what it
 *  shows stays as it is. */
const fallback: Shown = import.meta.env.SSR
  ? defaultContent
  : { sermon: null, events: [], launch: null, notices: [], gatherings: defaultGatherings, words: wordsOnPage(), wordsInEnglish: wordsMarkedEnglish() };

function readContent(): Shown {
  if (typeof document === 'undefined') return fallback;
  try {
    const given = JSON.parse(document.getElementById(CONTENT_BLOCK_ID)?.textContent || 'null') as Partial<Shown> | null;
    if (given && Array.isArray(given.events) && 'sermon' in given) return { ...fallback, ...given, words: { ...fallback.words, ...given.words } } as Shown;
  } catch {
    // A damaged block: no sermon or event is shown, the page still works.
  }
  return fallback;
}

export const content: Shown = readContent();

/** The block prerendering writes into each page, with the built-in example. */
export function contentBlock(): string {
  return `<script type="application/json" id="${CONTENT_BLOCK_ID}">${JSON.stringify(defaultContent).replace(/</g, '\\u003c')}</script>`;
}

/** The events not yet ended at `now` (the page may have been open a while). */
export function upcoming(events: Event[], now: Date): Event[] {
  return events.filter((e) => Date.parse(e.endsAt) > now.getTime());
}

/** Whether a launch was set and its day is over (the first visit then skips its pop-up). */
export function launchIsOver(now: Date): boolean {
  return content.launch !== null && now.getTime() >= Date.parse(content.launch.overAt);
}

/** 'Saturday, December 5 · <time> EST' in the event's own zone (its ISO time carries its offset). */
export function eventWhen(e: Pick<Event, 'startsAt' | 'abbreviation' | 'zoneName'>): string {
  const r = readingAt(new Date(e.startsAt), offsetOf(e.startsAt), e.abbreviation, zoneTitle(e.zoneName));
  return `${dayWords(r)} · ${zonedTimeWords(r)}`;
}

/** The start in the visitor's own zone, as the gatherings give it: '(Sat 4:00 PM your time)'
 *  (empty when the visitor's clock reads the same as the event's). */
export function eventVisitorTime(e: Pick<Event, 'startsAt'>): string {
  const start = new Date(e.startsAt);
  if (visitorClockHasOffset(start, offsetOf(e.startsAt))) return '';
  return `(${slotted(calendarWords.yourTime, { time: weekdayTimeWords(visitorReading(start), true) })})`;
}
