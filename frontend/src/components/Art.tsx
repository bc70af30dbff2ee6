// Placeholder photos drawn by the site itself (no stock images): a calm scene in the
// brand's colours with a symbol for what the photo will show. Fixed aspect ratio, so
// nothing shifts when a volunteer's photo (data-dir/photos/<slot>.jpg) is laid over it.
import { useStandIn } from '../lib/standIn';
import { useEffect, useId, useState } from 'react';
import { offlineWords } from '../content/offline';
import { PHOTO_FIRST_MARKER, PHOTO_MARKER, PHOTO_SIZES_MARKER } from '../lib/contract.generated';
import { savesData } from '../lib/network';
import { layouts, notePhotoSlot, placeholderStyle, plainSrcOf, slotName, srcsetOf, type PhotoLayout } from '../lib/photos';
import { PHOTO_CLASS, settings } from '../lib/settings';

import type { ArtKind } from '../content/art';
import { englishOf } from '../lib/translate';

const palettes = [
  ['#0c4a6e', '#0e7490', '#fcd34d'],
  ['#1e3a5f', '#7c3aed', '#fde68a'],
  ['#134e4a', '#0f766e', '#fbbf24'],
  ['#3b0764', '#9d174d', '#fdba74'],
  ['#172554', '#1d4ed8', '#a5f3fc'],
];

function hash(text: string): number {
  let h = 7;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}

function Symbol({ kind, color }: { kind: ArtKind; color: string }) {
  const stroke = { stroke: color, 'stroke-width': 6, fill: 'none', 'stroke-linecap': 'round' as const, 'stroke-linejoin': 'round' as const };
  switch (kind) {
    case 'worship':
      return <path {...stroke} d="M170 70v70a16 16 0 1 1-10-15V85l50-12v55a16 16 0 1 1-10-15V60z" />;
    case 'people':
      return (
        <g {...stroke}>
          <circle cx="165" cy="85" r="14" />
          <circle cx="235" cy="85" r="14" />
          <circle cx="200" cy="75" r="16" />
          <path d="M140 140c4-24 46-24 50 0M210 140c4-24 46-24 50 0M172 135c4-30 52-30 56 0" />
        </g>
      );
    case 'city':
      return <path {...stroke} d="M130 145V95h30v50M160 145V70h35v75M195 145V85h30v60M225 145v-40h40v40M120 145h160" />;
    case 'building':
      return <path {...stroke} d="M140 145V95l60-35 60 35v50M185 145v-30h30v30M200 60V35M190 45h20M125 145h150" />;
    case 'bible':
      return <path {...stroke} d="M150 60h45a10 10 0 0 1 10 10v80a10 10 0 0 0-10-10h-45zM250 60h-45M250 60v80h-45M190 85v35M177 97h26" />;
    case 'globe':
      return (
        <g {...stroke}>
          <circle cx="200" cy="100" r="45" />
          <path d="M155 100h90M200 55c-25 28-25 62 0 90M200 55c25 28 25 62 0 90" />
        </g>
      );
    case 'portrait':
      return (
        <g {...stroke}>
          <circle cx="200" cy="80" r="26" />
          <path d="M150 160c6-40 94-40 100 0" />
        </g>
      );
    default:
      return <path {...stroke} d="M120 140h160M150 140a50 50 0 0 1 100 0M200 70V50M160 85l-12-12M240 85l12-12" />;
  }
}

/**
 * A drawing, or the volunteer's photo for its slot over it. The slot is named after
 * `alt` unless `photo` names it. In prerendered pages the server puts the photo
 * first inside the element marked `PHOTO_MARKER` (src/web/files/personalize.rs), as this
 * does: a <picture> of every made width (WebP, JPEG) drawn `layout` wide, its shape
 * given, a blurred placeholder under it; loaded when scrolled near, or at once and
 * first when it is in the page's first screen (`first`).
 */
export function Art({
  kind,
  alt,
  ratio = 'aspect-[4/3]',
  class: extra = '',
  photo,
  inline = false,
  bare = false,
  layout = 'third',
  first = false,
}: {
  kind: ArtKind;
  alt: string;
  ratio?: string;
  class?: string;
  photo?: string;
  /** Drawn as a block-level span, for places that take only phrasing content (inside a button). */
  inline?: boolean;
  /** Without its symbol: a ground for something laid over it (a play button). */
  bare?: boolean;
  /** How wide it is drawn at each layout width (lib/photos.ts). */
  layout?: PhotoLayout;
  /** In the page's first screen: its photo loads at once. */
  first?: boolean;
}) {
  // A stand-in's photo loads only once it is shown (a closed dialog's lazy image is not
  // fetched); its ids are its own (it is drawn apart from the page).
  const standIn = useStandIn();
  if (standIn) first = false;
  // Named after the English, so a photo is laid over the same drawing in every language.
  const slot = photo ?? slotName(englishOf(alt));
  const { sizes, largest } = layouts[layout];
  if (import.meta.env.SSR) notePhotoSlot(slot, alt, ratio, largest);
  const shown = settings.photos[slot];
  // Saving data: the photo waits for a press on its button (none inside a button:
  // the drawing stays). The button comes after hydration, which matches the
  // server's page (no photo, no button).
  const [asked, setAsked] = useState(false);
  const [alive, setAlive] = useState(false);
  useEffect(() => setAlive(true), []);
  const held = Boolean(shown) && !asked && savesData();
  const offer = held && alive && !inline;
  const h = hash(alt);
  const [dark, mid, light] = palettes[h % palettes.length];
  // One id per drawing on the page (two drawings may show the same thing).
  const id = `art${standIn ?? ''}${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const Root = inline ? 'span' : 'div';
  const marks = { [PHOTO_MARKER]: slot, [PHOTO_SIZES_MARKER]: sizes, ...(first ? { [PHOTO_FIRST_MARKER]: '' } : {}) };
  // `isolate`: the photo's z-index stacks it over the drawing only, never over what a
  // page lays on top of the drawing (a video's play button).
  return (
    <Root class={`relative isolate overflow-hidden rounded-2xl ${inline ? 'block ' : ''}${ratio} ${extra}`} role={offer ? undefined : 'img'} aria-label={offer ? undefined : alt} {...marks}>
      {shown && !held && (
        <picture>
          <source type="image/webp" srcset={srcsetOf(slot, shown, 'webp')} sizes={sizes} />
          <img
            src={plainSrcOf(slot, shown)}
            srcset={srcsetOf(slot, shown, 'jpg')}
            sizes={sizes}
            width={shown.width}
            height={shown.height}
            alt=""
            {...(first ? { fetchpriority: 'high' } : { loading: 'lazy' })}
            decoding="async"
            class={PHOTO_CLASS}
            style={shown.placeholder ? placeholderStyle(shown.placeholder) : undefined}
          />
        </picture>
      )}
      <svg viewBox="0 0 400 200" preserveAspectRatio="xMidYMid slice" aria-hidden="true" class="absolute inset-0 h-full w-full">
        <defs>
          <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stop-color={dark} />
            <stop offset="1" stop-color={mid} />
          </linearGradient>
        </defs>
        <rect width="400" height="200" fill={`url(#${id})`} />
        <circle cx={60 + (h % 280)} cy={40 + (h % 50)} r={70 + (h % 40)} fill={light} opacity="0.12" />
        <path d={`M0 ${160 + (h % 20)} Q100 ${130 + (h % 30)} 200 ${160} T400 ${150 + (h % 25)} V200 H0Z`} fill="#020617" opacity="0.25" />
        {!bare && <Symbol kind={kind} color={light} />}
      </svg>
      {offer && (
        <button
          type="button"
          aria-label={`${offlineWords.showPhoto}: ${alt}`}
          data-testid="show-photo"
          class="absolute bottom-2 end-2 inline-flex min-h-11 items-center rounded-full bg-slate-950/75 px-4 text-sm font-semibold text-white hover:bg-slate-950"
          onClick={() => setAsked(true)}
        >
          {offlineWords.showPhoto}
        </button>
      )}
    </Root>
  );
}
