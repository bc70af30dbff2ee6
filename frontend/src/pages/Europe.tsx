// Europe: the online Wednesday Bible study, a live clock on Berlin time, and the
// countries our people join from.
import { ButtonLink, Card, Section } from '../components/Blocks';
import { CountryNavigator } from '../components/CountryNavigator';
import { PageHeading } from '../components/PageHeading';
import { europe as copy } from '../content/campusPages';
import type { RouteMeta } from '../content/routes';
import { GatheringTime, ZoneClock } from '../components/GatheringTime';
import { ServerPart } from '../components/ServerPart';
import { Words } from '../lib/words';
import { Parts } from '../lib/later';

export default function Europe({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}>{copy.intro}</PageHeading>
      <Section>
        <div class="grid items-start gap-6 md:grid-cols-2">
          <Card title={copy.study.heading} top>
            <p class="text-lg font-semibold text-slate-900"><Words text={copy.study.when} /></p>
            <p><Words text={copy.study.where} /></p>
            <p class="mt-2 text-sm" data-testid="europe-next">
              <GatheringTime id={copy.study.scheduleId} fallback={copy.study.when} calendar next />
            </p>
            <div class="mt-5">
              <ButtonLink to={copy.join.to}>{copy.join.label}</ButtonLink>
            </div>
          </Card>
          <div data-needs-script>
            <Card title={copy.clockLabel} top>
              <ZoneClock zone="Europe/Berlin" testId="berlin-clock" />
            </Card>
          </div>
        </div>
        <ServerPart name="gatherings-europe" />
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
    </Parts>
  );
}
