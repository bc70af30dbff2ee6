// Worship: the video (poster, play, pause that also pauses the player), twelve of
// thirteen photos, new music with the mailing list, the direct video file, and
// 'Join Our Next Service'.
import { useRef, useState } from 'react';
import { Art } from '../components/Art';
import { Section } from '../components/Blocks';
import { SubscriptionForm } from '../components/forms/SubscriptionForm';
import { useModals } from '../components/ModalHost';
import { PageHeading } from '../components/PageHeading';
import type { RouteMeta } from '../content/routes';
import { links, settings } from '../lib/settings';
import { worship as copy } from '../content/worship';
import { pauseVideo, videoEmbedUrl } from '../lib/embed';

function WorshipVideo() {
  const [playing, setPlaying] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  return (
    <div class="relative aspect-video overflow-hidden rounded-2xl bg-slate-950" data-testid="worship-video" data-state={playing ? 'playing' : 'paused'}>
      {loaded && <iframe ref={frame} class="absolute inset-0 h-full w-full" src={videoEmbedUrl(settings.worshipVideo, { api: true })} title={copy.video.title} allow="autoplay; encrypted-media; fullscreen" allowFullScreen />}
      {!playing && (
        <button
          type="button"
          class="group absolute inset-0 flex items-center justify-center"
          aria-label={copy.video.play}
          onClick={() => {
            setLoaded(true);
            setPlaying(true);
          }}
        >
          {!loaded && (
            <span class="absolute inset-0">
              <Art kind="worship" alt={copy.video.posterAlt} ratio="h-full w-full" class="rounded-none" inline />
            </span>
          )}
          <span class="relative flex h-20 w-20 items-center justify-center rounded-full bg-white/90 shadow-lg group-hover:bg-white">
            <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
              <path d="M8 5v14l11-7z" fill="#0c4a6e" />
            </svg>
          </span>
        </button>
      )}
      {playing && (
        <button
          type="button"
          class="absolute bottom-3 right-3 rounded-full bg-white/90 px-4 py-2 font-semibold text-sky-900 shadow"
          aria-label={copy.video.pause}
          onClick={() => {
            pauseVideo(frame.current);
            setPlaying(false);
          }}
        >
          Pause
        </button>
      )}
    </div>
  );
}

export default function Worship({ meta }: { meta: RouteMeta }) {
  const modals = useModals();
  return (
    <>
      <PageHeading title={meta.heading}>{copy.intro}</PageHeading>
      <Section>
        <WorshipVideo />
      </Section>
      <Section title={copy.photosHeading} tone="white">
        <ul class="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="worship-photos">
          {copy.photos.slice(0, copy.shownPhotos).map(([kind, alt]) => (
            <li key={alt}>
              <Art kind={kind} alt={alt} ratio="aspect-square" />
            </li>
          ))}
        </ul>
      </Section>
      <Section title={copy.music.heading} intro={copy.music.text} tone="tint">
        <div class="max-w-xl">
          <SubscriptionForm list="music" button={copy.music.button} />
        </div>
      </Section>
      <Section title={copy.file.heading} intro={copy.file.text}>
        <video class="aspect-video w-full rounded-2xl bg-slate-950" controls preload="none" src={links.worshipVideo} aria-label={copy.file.heading} />
      </Section>
      <Section title={copy.service.heading} tone="white">
        <button type="button" class="rounded-full bg-amber-500 px-6 py-3 font-semibold text-slate-950 hover:bg-amber-400" aria-haspopup="dialog" onClick={() => modals.open('join-service')}>
          {copy.service.button}
        </button>
      </Section>
    </>
  );
}
