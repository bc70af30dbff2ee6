// The home hero's background video, when a volunteer has set one (hero-video-file).
// It starts only after the page has come alive, and never for visitors who ask for
// less motion or to save data, or on a 2G/3G connection: for them the drawn
// background stays, as it does when the file cannot be loaded. A button pauses it
// (moving content must be stoppable). At 25% over the hero's dark blue even a white
// frame keeps the headline, text and gold eyebrow at 4.5:1 contrast or more.
import { useEffect, useRef, useState } from 'react';
import { home } from '../content/home';
import { effectiveType, savesData } from '../lib/network';
import { settings } from '../lib/settings';

function wantsVideo(): boolean {
  if (!settings.heroVideoFile) return false;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return false;
  return !savesData() && effectiveType() !== '3g';
}

export function HeroVideo() {
  const [shown, setShown] = useState(false);
  const [playing, setPlaying] = useState(true);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => setShown(wantsVideo()), []);
  if (!shown) return null;
  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (playing) element.pause();
    else void element.play().catch(() => {});
    setPlaying(!playing);
  };
  return (
    <>
      <video ref={video} class="absolute inset-0 h-full w-full object-cover opacity-25" src={settings.heroVideoFile} autoPlay muted loop playsInline aria-hidden="true" data-testid="hero-video" onError={() => setShown(false)} />
      <button
        type="button"
        class="absolute start-3 top-3 z-10 rounded-full bg-slate-950/70 px-3 py-1.5 text-xs font-semibold text-white hover:bg-slate-950"
        aria-pressed={!playing}
        onClick={toggle}
      >
        {playing ? home.heroVideo.pause : home.heroVideo.play}
      </button>
    </>
  );
}
