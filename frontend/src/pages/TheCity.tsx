// The City: the vision video (not yet uploaded), the six-sphere blueprint, the
// $100 million goal and its giving link.
import { useState } from 'react';
import { ExternalButton, NumberedCards, Section, Stat } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { city as copy } from '../content/giving';
import type { RouteMeta } from '../content/routes';
import { links } from '../lib/settings';

export default function TheCity({ meta }: { meta: RouteMeta }) {
  const [pressed, setPressed] = useState(false);
  return (
    <>
      <PageHeading title={meta.heading}>{copy.intro}</PageHeading>
      <Section>
        <div class="relative flex aspect-video items-center justify-center overflow-hidden rounded-2xl bg-gradient-to-br from-sky-950 to-indigo-900 text-white">
          {pressed ? (
            <p class="px-6 text-center text-xl font-semibold" role="status" data-testid="city-video-message">
              {copy.video.message}
            </p>
          ) : (
            <button type="button" class="flex h-20 w-20 items-center justify-center rounded-full bg-white/90 hover:bg-white" aria-label={copy.video.label} onClick={() => setPressed(true)}>
              <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
                <path d="M8 5v14l11-7z" fill="#1e1b4b" />
              </svg>
            </button>
          )}
        </div>
      </Section>
      <Section title={copy.blueprint.heading} tone="white">
        <NumberedCards items={copy.blueprint.spheres} grid="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" look="plain" />
      </Section>
      <Section>
        <div class="grid items-center gap-6 md:grid-cols-2">
          <Stat figure={copy.goal.figure} label={copy.goal.label} />
          <div>
            <ExternalButton href={`${links.giving}?fund=the-city`}>{copy.give}</ExternalButton>
          </div>
        </div>
      </Section>
    </>
  );
}
