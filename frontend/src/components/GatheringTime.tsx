// A gathering's time as the schedule gives it, with its zone and the visitor's own
// time beside it ('Wednesday 7:00 PM EST (Thu 5:30 AM your time)'); the fixed words
// until the schedule has answered.
import { useGathering, visitorShort, zonedStart } from '../lib/schedule';

export function GatheringTime({ id, fallback, calendar = false }: { id: string; fallback: string; calendar?: boolean }) {
  const g = useGathering(id);
  if (!g) return <>{fallback}</>;
  return (
    <>
      {g.live ? <strong class="text-red-800">Live now · </strong> : null}
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
