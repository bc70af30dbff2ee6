// Europe: the online Wednesday Bible study, a live clock on Berlin time, and the
// countries our people join from.
import { ButtonLink, Card, Section } from '../components/Blocks';
import { CountryNavigator } from '../components/CountryNavigator';
import { PageHeading } from '../components/PageHeading';
import { europe as copy } from '../content/campusPages';
import type { RouteMeta } from '../content/routes';
import { formatZoned, useNow } from '../lib/clock';
import { GatheringTime } from '../components/GatheringTime';

function BerlinTime({ now }: { now: Date }) {
  const [weekday, ...time] = formatZoned(now, 'Europe/Berlin', false).split(' ');
  return (
    <>
      <span class="block font-sans text-base font-medium text-slate-700">{weekday}</span>
      <span class="whitespace-nowrap">{time.join(' ')}</span>
    </>
  );
}

export default function Europe({ meta }: { meta: RouteMeta }) {
  const now = useNow();
  return (
    <>
      <PageHeading title={meta.heading}>{copy.intro}</PageHeading>
      <Section>
        <div class="grid gap-6 md:grid-cols-2">
          <Card title={copy.study.heading} top>
            <p class="text-lg font-semibold text-slate-900">{copy.study.when}</p>
            <p>{copy.study.where}</p>
            <p class="mt-2 text-sm" data-testid="europe-next">
              <GatheringTime id={copy.study.scheduleId} fallback={copy.study.when} calendar next />
            </p>
            <div class="mt-5">
              <ButtonLink to={copy.join.to}>{copy.join.label}</ButtonLink>
            </div>
          </Card>
          <Card title={copy.clockLabel} top>
            {/* Minutes, not seconds (a ticking number draws the eye for nothing); the time and its zone never part. */}
            <p class="font-serif text-3xl font-semibold text-slate-900" data-testid="berlin-clock" aria-live="off" data-varies>
              {now ? <BerlinTime now={now} /> : '\u00a0'}
            </p>
          </Card>
        </div>
      </Section>
      <Section title={copy.countriesHeading} tone="white">
        <ul class="grid grid-cols-2 gap-3 md:grid-cols-3">
          {copy.countries.map((c) => (
            <li key={c} class="rounded-xl border border-slate-200 bg-white px-4 py-3 font-medium text-slate-900">
              {c}
            </li>
          ))}
        </ul>
      </Section>
      <div class="pb-12">
        <CountryNavigator />
      </div>
    </>
  );
}
