// Europe: the online Wednesday Bible study, a live clock on Berlin time, and the
// countries our people join from.
import { ButtonLink, Card, Section } from '../components/Blocks';
import { CountryNavigator } from '../components/CountryNavigator';
import { PageHeading } from '../components/PageHeading';
import { europe as copy } from '../content/campusPages';
import type { RouteMeta } from '../content/routes';
import { formatZoned, useNow } from '../lib/clock';
import { useGathering } from '../lib/schedule';
import { GatheringTime } from '../components/GatheringTime';

export default function Europe({ meta }: { meta: RouteMeta }) {
  const now = useNow();
  const live = useGathering(copy.study.scheduleId)?.live ?? false;
  return (
    <>
      <PageHeading title={meta.heading}>{copy.intro}</PageHeading>
      <Section>
        <div class="grid gap-6 md:grid-cols-2">
          <Card title={copy.study.heading} top>
            {live && (
              <p class="mb-2 inline-flex items-center gap-2 font-semibold text-red-800" data-testid="europe-live">
                <span aria-hidden="true" class="h-2.5 w-2.5 rounded-full bg-red-700" />
                {copy.study.live}
              </p>
            )}
            <p class="text-lg font-semibold text-slate-900">{copy.study.when}</p>
            <p>{copy.study.where}</p>
            <p class="mt-2 text-sm">
              Next: <GatheringTime id={copy.study.scheduleId} fallback={copy.study.when} calendar />
            </p>
            <div class="mt-5">
              <ButtonLink to={copy.join.to}>{copy.join.label}</ButtonLink>
            </div>
          </Card>
          <Card title={copy.clockLabel} top>
            <p class="font-serif text-3xl font-semibold text-slate-900" data-testid="berlin-clock" aria-live="off" data-varies>
              {now ? formatZoned(now, 'Europe/Berlin') : '\u00a0'}
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
