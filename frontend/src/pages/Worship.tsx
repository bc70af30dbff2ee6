// Worship: the video (poster, play, pause that also pauses the player), twelve of
// thirteen photos (four on phones), new music with the mailing list, the direct
// video file (played by the browser, loaded only on play), and 'Join Our Next Service'.
import { Section } from '../components/Blocks';
import { Gallery } from '../components/Gallery';
import { SubscriptionForm } from '../components/forms/SubscriptionForm';
import { useModals } from '../components/ModalHost';
import { PageHeading } from '../components/PageHeading';
import type { RouteMeta } from '../content/routes';
import { VideoSpot } from '../components/VideoSpot';
import { isSet, settingMark, settings, youtubeSource } from '../lib/settings';
import { worship as copy } from '../content/worship';
import { Parts } from '../lib/later';

export default function Worship({ meta }: { meta: RouteMeta }) {
  const modals = useModals();
  return (
    <Parts>
      <PageHeading title={meta.heading}>{copy.intro}</PageHeading>
      <Section>
        <VideoSpot copy={copy.video} kind="worship" source={youtubeSource('worshipVideo')} setting="worship-video" testId="worship-video" first />
      </Section>
      <Section title={copy.photosHeading} tone="white">
        <div data-testid="worship-photos">
          <Gallery items={copy.photos.slice(0, copy.shownPhotos)} phone={4} columns="sm:grid-cols-3 md:grid-cols-4" ratio="aspect-square" />
        </div>
      </Section>
      <Section title={copy.music.heading} intro={copy.music.text} tone="tint">
        <div class="max-w-xl">
          <SubscriptionForm list="music" button={copy.music.button} />
        </div>
      </Section>
      {/* Left out until its file is set: one 'coming soon' poster on a page is enough. */}
      <div class="only-set" {...settingMark('worshipVideoFile')}>
        <Section title={copy.file.heading} intro={copy.file.text}>
          <VideoSpot copy={copy.file.video} kind="sunrise" source={isSet('worshipVideoFile') ? { file: settings.worshipVideoFile } : null} setting="worship-video-file" testId="worship-file" />
        </Section>
      </div>
      <Section title={copy.service.heading} tone="white">
        <button type="button" class="rounded-full bg-amber-500 px-6 py-3 font-semibold text-slate-950 hover:bg-amber-400" aria-haspopup="dialog" data-needs-script onClick={() => modals.open('join-service')}>
          {copy.service.button}
        </button>
      </Section>
    </Parts>
  );
}
