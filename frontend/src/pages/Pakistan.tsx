// Pakistan: the campus, its gatherings first (in PKT and the visitor's time), photos,
// the video (a setting), the building project and Urdu Bibles.
import { SetOrSoon } from '../components/SetOrSoon';
import { soon } from '../content/soon';
import { ButtonLink, Card, ExternalButton, Section } from '../components/Blocks';
import { CountryNavigator } from '../components/CountryNavigator';
import { Gallery } from '../components/Gallery';
import { GatheringTime } from '../components/GatheringTime';
import { PageHeading } from '../components/PageHeading';
import { VideoSpot } from '../components/VideoSpot';
import { pakistan as copy } from '../content/campusPages';
import type { RouteMeta } from '../content/routes';
import { links, youtubeSource } from '../lib/settings';
import { gatheringMark, listed, Words } from '../lib/words';
import { ServerPart } from '../components/ServerPart';
import { Parts } from '../lib/later';

export default function Pakistan({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}>
        <p>{copy.intro}</p>
        <p class="mt-3 font-serif text-2xl font-semibold text-amber-300"><Words text={copy.claim} /></p>
      </PageHeading>
      <Section tone="white">
        <div class="grid gap-6 md:grid-cols-2">
          {copy.gatherings.filter((g) => listed(g.scheduleId)).map((g) => (
            <div key={g.label} class="grid" {...gatheringMark(g.scheduleId)}>
              <Card title={g.label} top>
                <p class="text-lg font-semibold text-slate-900"><Words text={g.when} /></p>
                <p class="text-sm text-slate-700 empty:hidden">
                  {/* Until the schedule answers, the time above says it all. */}
                  <GatheringTime id={g.scheduleId} fallback="" next />
                </p>
                <p class="mt-1">{g.where}</p>
                <Words text={`{${g.scheduleId}.note}`} class="mt-1 block font-semibold text-amber-800 empty:hidden" />
              </Card>
            </div>
          ))}
        </div>
        <ServerPart name="gatherings-pakistan" />
      </Section>
      <Section title={copy.photosHeading}>
        <Gallery items={copy.photos} />
      </Section>
      <div class="py-4">
        <CountryNavigator />
      </div>
      <Section title={copy.video.heading}>
        <VideoSpot copy={copy.video} kind="sunrise" source={youtubeSource('pakistanVideo')} setting="pakistan-video" testId="pakistan-video" />
      </Section>
      <Section tone="tint">
        <div class="grid gap-6 md:grid-cols-2">
          <Card title={copy.building.heading} top>
            <p><Words text={copy.building.text} /></p>
            <ServerPart name="building-progress" />
            <div class="mt-5 flex flex-wrap gap-3">
              <ExternalButton href={`${links.giving}?fund=pakistan-building`}>
                <SetOrSoon setting="givingUrl" set={copy.building.give} soon={soon.giving} />
              </ExternalButton>
              <ButtonLink to={copy.building.more.to} look="outline">
                {copy.building.more.label}
              </ButtonLink>
            </div>
          </Card>
          <Card title={copy.bibles.heading} top>
            <p><Words text={copy.bibles.text} /></p>
            <div class="mt-5">
              <ExternalButton href={`${links.giving}?fund=urdu-bibles`}>
                <SetOrSoon setting="givingUrl" set={copy.bibles.give} soon={soon.giving} />
              </ExternalButton>
            </div>
          </Card>
        </div>
      </Section>
      <Section title={copy.location.heading} intro={copy.location.text}>
        <ButtonLink to={copy.location.link.to} look="outline">
          {copy.location.link.label}
        </ButtonLink>
      </Section>
    </Parts>
  );
}
