// Photo slots: each drawn placeholder (Art) is a place a volunteer's photo can
// take, named after its description ("Sunrise over Plantation, Florida" →
// sunrise-over-plantation-florida). Prerendering lists them for `thewell site photos`.

import type { PhotoSlot, ShownPhoto } from './contract.generated';
import { slotted } from './lang';
import { englishOf } from './translate';

/** A slot name: lowercase words of the description joined by dashes. */
/** The slot of a drawing whose description is `pattern` with its %slots filled (a
 *  campus card: '%name campus'): named after the English, as every slot is. */
export function slotOfPattern(pattern: string, slots: Record<string, string>): string {
  if (import.meta.env.SSR) for (const text of [pattern, ...Object.values(slots)]) namedAfter.add(text);
  return slotName(slotted(englishOf(pattern), Object.fromEntries(Object.entries(slots).map(([k, v]) => [k, englishOf(v)]))));
}

export function slotName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/**
 * How wide a drawing is drawn at each layout width, as its photo's `sizes`, and the
 * widest it is ever drawn (CSS px), which its photo is made for. The page's column is
 * 1104 px wide from 1152 px up (max-w-6xl less its padding), the screen less 2rem on
 * phones and 3rem from 640 px.
 */
export const layouts = {
  /** The page's whole column. */
  column: { sizes: '(min-width: 1152px) 1104px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)', largest: 1104 },
  /** Half the column from 768 px (md:grid-cols-2 gap-8), the whole below. */
  half: { sizes: '(min-width: 1152px) 536px, (min-width: 768px) calc(50vw - 2.5rem), (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)', largest: 536 },
  /** A third of the column from 768 px (md:grid-cols-3 gap-6), the whole below. */
  third: { sizes: '(min-width: 1152px) 352px, (min-width: 768px) calc(33.3vw - 2rem), (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)', largest: 352 },
  /** A gallery: two to a row on phones (gap-3), three from 640 px (gap-4). */
  gallery: { sizes: '(min-width: 1152px) 357px, (min-width: 640px) calc(33.3vw - 1.7rem), calc(50vw - 1.4rem)', largest: 357 },
  /** A gallery of four to a row from 768 px. */
  gallery4: { sizes: '(min-width: 1152px) 264px, (min-width: 768px) calc(25vw - 1.5rem), (min-width: 640px) calc(33.3vw - 1.7rem), calc(50vw - 1.4rem)', largest: 264 },
  /** A video's still (max-w-3xl). */
  video: { sizes: '(min-width: 816px) 768px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)', largest: 768 },
  /** Inside a pop-up: 34rem wide (94vw on phones) less its padding (px-5). */
  dialog: { sizes: '(min-width: 579px) 504px, calc(94vw - 2.5rem)', largest: 504 },
  /** Inside a wide pop-up: 48rem (94vw on phones) less its padding. */
  wideDialog: { sizes: '(min-width: 817px) 728px, calc(94vw - 2.5rem)', largest: 728 },
} as const;

export type PhotoLayout = keyof typeof layouts;

/** A made photo's `srcset` in one format (`webp`, `jpg`), its addresses as the server
 *  names them: /photos/<slot>.<key>.<width>.<format> (src/photos/made.rs). */
export function srcsetOf(slot: string, shown: ShownPhoto, format: 'webp' | 'jpg'): string {
  return shown.widths.map((w) => `/photos/${slot}.${shown.key}.${w}.${format} ${w}w`).join(', ');
}

/** The plain `src`, for a browser that reads no `srcset`: a phone's width, or the largest. */
export function plainSrcOf(slot: string, shown: ShownPhoto): string {
  return `/photos/${slot}.${shown.key}.${shown.widths.find((w) => w >= 640) ?? shown.width}.jpg`;
}

/** The style that draws a placeholder under a photo until it loads (the server writes the same). */
export function placeholderStyle(placeholder: string): string {
  return `background-image:url("${placeholder}");background-size:cover`;
}

const frames: Record<string, string> = { 'aspect-[4/3]': '4:3', 'aspect-[16/9]': '16:9', 'aspect-video': '16:9', 'aspect-square': '1:1' };

const slots = new Map<string, PhotoSlot>();
// Prerendering: every text a slot is named after (descriptions, patterns and what fills them).
const namedAfter = new Set<string>();
let place = '';

/** Prerendering: where the slots noted next are shown. */
export function setPhotoPlace(name: string): void {
  place = name;
}

/** Prerendering: a drawing was rendered. */
export function notePhotoSlot(slot: string, alt: string, ratio: string, largest: number): void {
  const found = slots.get(slot) ?? { slot, alt, ratio: frames[ratio] ?? 'fill', largest, places: [] };
  found.largest = Math.max(found.largest, largest);
  if (place && !found.places.includes(place)) found.places.push(place);
  slots.set(slot, found);
  namedAfter.add(alt);
}

/** Prerendering: the texts slots are named after. Another language's build keeps the
 *  English of each (lib/translate.ts `remember`), so its drawings find the same photos. */
export function slotWords(): string[] {
  return [...namedAfter].sort();
}

export function photoSlots(): PhotoSlot[] {
  return [...slots.values()].sort((a, b) => a.slot.localeCompare(b.slot));
}
