// Photo slots: each drawn placeholder (Art) is a place a volunteer's photo can
// take, named after its description ("Sunrise over Plantation, Florida" →
// sunrise-over-plantation-florida). Prerendering lists them for `thewell site photos`.

import type { PhotoSlot } from './contract.generated';
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
export function notePhotoSlot(slot: string, alt: string, ratio: string): void {
  const found = slots.get(slot) ?? { slot, alt, ratio: frames[ratio] ?? 'fill', places: [] };
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
