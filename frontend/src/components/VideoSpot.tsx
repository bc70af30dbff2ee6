// A video's place on a page: a poster (a drawing, or the volunteer's photo over it)
// with the video's title. With a video to play it has a play button: a YouTube
// video loads the privacy-mode player, which a pause button then pauses; a file
// plays in the browser's own player. Until a video is set the poster says it is
// coming, and no player that cannot play is ever shown.
import { useRef, useState } from 'react';
import type { ComponentChildren } from 'preact';
import type { ArtKind } from '../content/art';
import { VIDEO_MARKER } from '../lib/contract.generated';
import { frame as frameWords } from '../content/frame';
import { pauseVideo, videoEmbedUrl } from '../lib/embed';
import type { PhotoLayout } from '../lib/photos';
import { Art } from './Art';

export type VideoSource = { youtube: string } | { file: string } | null;

export interface VideoCopy {
  /** What the video is, on the poster. */
  title: string;
  /** The poster drawing's description (and its photo slot). */
  posterAlt: string;
  /** The play button's name, e.g. 'Play worship video'. */
  play: string;
  /** The pause button's name (a YouTube video). */
  pause?: string;
  /** Its length when known, e.g. '4:32'. */
  duration?: string;
}

/** A still filling its frame (a drawing, or the volunteer's photo over it) with words at its foot on a dark fade. */
export function Poster({ kind, alt, bare = false, layout = 'video', first = false, children }: { kind: ArtKind; alt: string; bare?: boolean; layout?: PhotoLayout; first?: boolean; children: ComponentChildren }) {
  return (
    <div class="absolute inset-0">
      <Art kind={kind} alt={alt} ratio="h-full w-full" class="rounded-none" bare={bare} layout={layout} first={first} />
      <div class="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/95 via-slate-950/80 to-transparent px-4 pb-4 pt-16 text-white sm:px-6 sm:pb-5">{children}</div>
    </div>
  );
}

const playIcon = (
  <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
    <path d="M8 5v14l11-7z" fill="#0c4a6e" />
  </svg>
);

export function VideoSpot({
  copy,
  kind,
  source,
  setting,
  testId,
  first = false,
}: {
  copy: VideoCopy;
  kind: ArtKind;
  source: VideoSource;
  /** The setting that holds the video: the server empties the 'coming soon' line of a prerendered page once it is set. */
  setting?: string;
  testId: string;
  /** In the page's first screen: its still loads at once. */
  first?: boolean;
}) {
  const [playing, setPlaying] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const state = !source ? 'coming-soon' : playing ? 'playing' : 'paused';
  const poster = !loaded && (
    <Poster kind={kind} alt={copy.posterAlt} bare={Boolean(source)} first={first}>
      <p class="font-serif text-xl font-semibold sm:text-2xl">{copy.title}</p>
      <p class="mt-1 text-sm text-slate-100" role="status" data-testid={`${testId}-message`} {...(setting ? { [VIDEO_MARKER]: setting } : {})}>
        {source ? copy.duration : frameWords.videoSoon}
      </p>
    </Poster>
  );
  return (
    <div class="relative aspect-video max-w-3xl overflow-hidden rounded-2xl bg-slate-950" data-testid={testId} data-state={state}>
      {poster}
      {loaded && source && 'youtube' in source && (
        <iframe ref={frame} class="absolute inset-0 h-full w-full" src={videoEmbedUrl(source.youtube, { api: true })} title={copy.title} allow="autoplay; encrypted-media; fullscreen" allowFullScreen />
      )}
      {loaded && source && 'file' in source && <video class="absolute inset-0 h-full w-full" src={source.file} controls autoPlay playsInline preload="metadata" aria-label={copy.title} />}
      {source && !playing && (
        <button
          type="button"
          class="group absolute inset-0 flex items-center justify-center"
          aria-label={copy.play}
          onClick={() => {
            setLoaded(true);
            setPlaying(true);
          }}
        >
          <span class="relative -mt-10 flex h-20 w-20 items-center justify-center rounded-full bg-white/90 shadow-lg group-hover:bg-white">{playIcon}</span>
        </button>
      )}
      {playing && source && 'youtube' in source && copy.pause && (
        <button
          type="button"
          class="absolute bottom-3 end-3 min-h-11 rounded-full bg-white/90 px-4 py-2 font-semibold text-sky-900 shadow"
          aria-label={copy.pause}
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
