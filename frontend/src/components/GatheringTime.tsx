// A gathering's time as the schedule gives it, with its zone and the visitor's own
// time beside it ('Wednesday 7:00 PM EST (Thu 5:30 AM your time)', left out when the
// visitor's clock reads the same as the gathering's); while it is on,
// plainly that it is on and until when; the fixed words until the schedule has answered.
// Also the visitor's own time beside fixed words, and a zone's clock with the visitor's.
import { useNow } from '../lib/clock';
import { knowsZone, unbroken, visitorClockIsZones, weekdayWords, zonedTimeWords, zoneReading } from '../lib/wallclock';
import { Words } from '../lib/words';
import { calendarPath, type Gathering, nextAfterSkip, skippedLine, useGathering, useSchedule, visitorClock, visitorDayTime, visitorShort, zonedStart } from '../lib/schedule';
import { calendarWords } from '../content/calendar';
import { slotted } from '../lib/lang';

export function GatheringTime({
  id,
  fallback,
  calendar = false,
  next = false,
  noun = calendarWords.gathering,
}: {
  id: string;
  fallback: string;
  calendar?: boolean;
  /** Says 'Next: ' before the time when it is not on now. */
  next?: boolean;
  /** What it is called when a week is skipped: 'No Bible study tonight'. */
  noun?: string;
}) {
  const g = useGathering(id);
  // The calendar's address is the gathering's own: there from the first paint, without script too.
  const add = calendar && (
    <a href={calendarPath(id)} class="flex min-h-11 w-fit items-center whitespace-nowrap font-medium text-sky-800 underline underline-offset-2">
      {calendarWords.addToCalendar}
    </a>
  );
  return (
    <>
      {g ? <When g={g} next={next} noun={noun} /> : <Words text={fallback} />}
      {add}
    </>
  );
}

/** The time itself, once the schedule has answered: on now and until when, a week skipped, or the next start. */
function When({ g, next, noun }: { g: Gathering; next: boolean; noun: string }) {
  if (g.live) {
    const until = zonedTimeWords(zoneReading(new Date(g.end), g.zone));
    return (
      <>
        <strong class="text-red-800">{calendarWords.liveNow}</strong>
        {slotted(calendarWords.until, { time: until })}
        {!visitorClockIsZones(new Date(g.end), g.zone) && <> <span class="whitespace-nowrap text-slate-600">({slotted(calendarWords.yourTime, { time: visitorClock(g.end) })})</span></>}
      </>
    );
  }
  const skipped = skippedLine(g, noun, new Date());
  if (skipped) {
    return (
      <>
        <strong>{skipped}</strong>
        {` ${nextAfterSkip(g)}`}
        <Yours g={g} />
      </>
    );
  }
  return (
    <>
      {next ? slotted(calendarWords.next, { when: zonedStart(g) }) : zonedStart(g)}
      <Yours g={g} />
    </>
  );
}

/** ' (Thu 1:00 AM your time)' after a gathering's start, unless the visitor's clock reads the
 *  same: kept on one line, the line free to break before it (the start and its zone are
 *  one unbroken run too, and together they are wider than a phone). */
function Yours({ g }: { g: Gathering }) {
  if (visitorClockIsZones(new Date(g.start), g.zone)) return null;
  return (
    <>
      {' '}
      <span class="whitespace-nowrap text-slate-600">({slotted(calendarWords.yourTime, { time: visitorShort(g) })})</span>
    </>
  );
}

/** The visitor's own time of a gathering the words beside it already name
 *  (' (Thu 1:00 AM your time)'); nothing until the schedule has answered, nor when the
 *  visitor's clock reads the same as the gathering's. */
export function YourTime({ id }: { id?: string }) {
  const g = useGathering(id ?? '');
  if (!id || !g || visitorClockIsZones(new Date(g.start), g.zone)) return null;
  // The time never parts from its day or its AM/PM; the line may break before 'your time'.
  return <span class="font-normal"> ({slotted(calendarWords.yourTime, { time: unbroken(visitorShort(g)) })})</span>;
}

/** The time now in a zone as its weekday over its time, and the visitor's own time now under it
 *  (once the schedule has answered with the zone's offsets). */
export function ZoneClock({ zone, testId }: { zone: string; testId: string }) {
  const now = useNow(15_000);
  // The zone's offsets come with the schedule's answer.
  useSchedule();
  const known = now && knowsZone(zone) ? now : null;
  const reading = known && zoneReading(known, zone);
  // Until then, and for a visitor whose clock reads the zone's, the same three lines stand
  // empty: nothing under the clock moves when the time comes in.
  const blank = '\u00a0';
  return (
    // Minutes, not seconds (a ticking number draws the eye for nothing); the time never breaks,
    // a zone named in words may take the next line and wrap (Urdu's, Spanish's, at a phone's width).
    <p class="font-serif text-3xl font-semibold text-slate-900" data-testid={known ? testId : undefined} aria-live="off" data-varies>
      <span class="block font-sans text-base font-medium text-slate-700">{reading ? weekdayWords(reading) : blank}</span>
      <span>{reading ? zonedTimeWords(reading, true) : blank}</span>
      <span class="mt-2 block font-sans text-base font-normal text-slate-600">
        {known && !visitorClockIsZones(known, zone) ? slotted(calendarWords.yourTime, { time: unbroken(visitorDayTime(known)) }) : blank}
      </span>
    </p>
  );
}
