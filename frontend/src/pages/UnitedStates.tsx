// United States: the South Florida and North campuses with their times first, then
// their photos, the online Bible study, and community life.
import { ButtonLink, Card, Section } from '../components/Blocks';
import { CountryNavigator } from '../components/CountryNavigator';
import { Gallery } from '../components/Gallery';
import { PopUpLink } from '../components/PopUpLink';
import { PageHeading } from '../components/PageHeading';
import { YourTime } from '../components/GatheringTime';
import { unitedStates as copy } from '../content/campusPages';
import type { RouteMeta } from '../content/routes';
import { ServerPart } from '../components/ServerPart';
import { gatheringMark, listed, Words } from '../lib/words';
import { Parts } from '../lib/later';

export default function UnitedStates({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}><Words text={copy.intro} /></PageHeading>
      <Section title={copy.galleryHeading} tone="white">
        <div class="grid gap-6 md:grid-cols-2">
          {[copy.south, copy.north].map((campus) => (
            <Card key={campus.heading} title={campus.heading}>
              <p class="font-medium text-slate-800">{campus.place}</p>
              <dl class="mt-3 grid gap-2">
                {campus.items.filter((item) => listed(item.scheduleId)).map((item) => (
                  <div key={item.label} {...gatheringMark(item.scheduleId)}>
                    <dt class="font-semibold text-slate-900">
                      <Words text={item.label} />
                      <YourTime id={item.scheduleId} />
                    </dt>
                    <dd>
                      <Words text={item.detail} />
                      {item.place && <Words text={item.place} class="block empty:hidden" />}
                      {item.scheduleId && <Words text={`{${item.scheduleId}.note}`} class="block font-semibold text-amber-800 empty:hidden" />}
                    </dd>
                  </div>
                ))}
              </dl>
              {campus === copy.north && (
                <PopUpLink name="north-campus" class="mt-5 inline-block rounded-full bg-sky-900 px-6 py-3 font-semibold text-white hover:bg-sky-800">
                  {copy.north.button}
                </PopUpLink>
              )}
            </Card>
          ))}
        </div>
        <ServerPart name="gatherings-united-states" />
        <div class="mt-10">
          <Gallery items={copy.gallery} />
        </div>
      </Section>
      <div class="py-4">
        <CountryNavigator />
      </div>
      <Section
        title={copy.online.heading}
        intro={
          <>
            <Words text={copy.online.text} />
            <YourTime id={copy.online.scheduleId} />
          </>
        }
        tone="tint"
      >
        <ButtonLink to={copy.online.link.to}>{copy.online.link.label}</ButtonLink>
      </Section>
      <Section title={copy.communityHeading}>
        <Gallery items={copy.community} />
      </Section>
    </Parts>
  );
}
