// A gathering's time as the schedule gives it, with its zone and the visitor's own
// time beside it ('Wednesday 7:00 PM EST (Thu 5:30 AM your time)'); while it is on,
// plainly that it is on and until when; the fixed words until the schedule has answered.
import { formatZoned } from '../lib/clock';
import { useGathering, visitorClock, visitorShort, zonedStart } from '../lib/schedule';

export function GatheringTime({ id, fallback, calendar = false, next = false }: { id: string; fallback: string; calendar?: boolean; /** Says 'Next: ' before the time when it is not on now. */ next?: boolean }) {
  const g = useGathering(id);
  if (!g) return <>{fallback}</>;
  if (g.live) {
    const until = formatZoned(new Date(g.end), g.zone, false).replace(/^\S+ /, '');
    return (
      <>
        <strong class="text-red-800">Live now</strong>, until {until} <span class="whitespace-nowrap text-slate-600">({visitorClock(g.end)} your time)</span>
      </>
    );
  }
  return (
    <>
      {next && 'Next: '}
      {zonedStart(g)} <span class="whitespace-nowrap text-slate-600">({visitorShort(g)} your time)</span>
      {calendar && (
        <>
          {' · '}
          <a href={g.calendar} class="inline-flex min-h-11 items-center whitespace-nowrap font-medium text-sky-800 underline underline-offset-2">
            Add to calendar
          </a>
        </>
      )}
    </>
  );
}
