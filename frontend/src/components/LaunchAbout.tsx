// What the launch is, when and where: the top of its pop-up and of its own page. With
// content/launch.md set, its words, day, time and place; without, the built-in words
// of content/modals.ts.
import { launch as copy } from '../content/modals';
import { content, eventVisitorTime, eventWhen } from '../lib/content';
import { englishIn, Words } from '../lib/words';
import { Art } from './Art';
import { ContentBlocks } from './ContentBlocks';
import { GatheringTime } from './GatheringTime';

export function LaunchAbout({ layout }: { layout: 'dialog' | 'half' }) {
  const launch = content.launch;
  return (
    <div>
      <Art kind="sunrise" alt={copy.picture} ratio="aspect-[16/9]" layout={layout} first />
      {launch ? (
        <>
          <div class="mt-4">
            <ContentBlocks blocks={launch.intro} lang={englishIn(launch, 'intro')} />
          </div>
          <p class="mt-2 font-semibold text-sky-900" data-testid="launch-when">
            {eventWhen(launch)} <span class="whitespace-nowrap font-normal text-slate-600">{eventVisitorTime(launch)}</span>
          </p>
          <p class="mt-1 text-slate-700" lang={englishIn(launch, 'place')}>
            {launch.place}
          </p>
        </>
      ) : (
        <>
          <p class="mt-4 text-slate-700"><Words text={copy.intro} /></p>
          <p class="mt-2 font-semibold text-sky-900">
            <GatheringTime id={copy.scheduleId} fallback={copy.when} />
          </p>
        </>
      )}
    </div>
  );
}
