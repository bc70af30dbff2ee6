// The City: the vision video (not yet uploaded), the six-sphere blueprint, the
// $100 million goal and its giving link.
import { SetOrSoon } from '../components/SetOrSoon';
import { soon } from '../content/soon';
import { ExternalButton, NumberedCards, Section, Stat } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { VideoSpot } from '../components/VideoSpot';
import { city as copy } from '../content/giving';
import type { RouteMeta } from '../content/routes';
import { links } from '../lib/settings';
import { Parts } from '../lib/later';

export default function TheCity({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}>{copy.intro}</PageHeading>
      <Section>
        <VideoSpot copy={copy.video} kind="city" source={null} testId="city-video" first />
      </Section>
      <Section title={copy.blueprint.heading} tone="white">
        <NumberedCards items={copy.blueprint.spheres} grid="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" look="plain" />
      </Section>
      <Section>
        <div class="grid items-center gap-6 md:grid-cols-2">
          <Stat figure={copy.goal.figure} label={copy.goal.label} />
          <div>
            <ExternalButton href={`${links.giving}?fund=the-city`}>
              <SetOrSoon setting="givingUrl" set={copy.give} soon={soon.giving} />
            </ExternalButton>
          </div>
        </div>
      </Section>
    </Parts>
  );
}
