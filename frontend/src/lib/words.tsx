// The site's words that a volunteer's data decides: each gathering's time, days,
// zone and place (`{bible-study.when}`, `{sunday-service-florida.where}`) and the
// ministry's figures (`{figure.building-goal}`), written by the server into every
// page's content block (src/schedule/words.rs, src/settings/mod.rs). The words of
// src/content/ name them in braces; <Words> shows a text with each name replaced by
// its word in an element the server rewrites the same way, so a page reads alike
// with and without JavaScript and follows the data without a new build.
import { Fragment } from 'react';
import { content } from './content';
import { GATHERING_MARKER, WORD_MARKER } from './contract.generated';
import { dir, lang } from './lang';

const NAME = /\{([a-z0-9.-]+)\}/g;

/** Whether a word reads as English: Latin letters and none of the Arabic script's
 *  (the server's `reads_english`, src/text.rs, decides alike). */
export function readsEnglish(word: string): boolean {
  return /[A-Za-z]/.test(word) && !/[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/.test(word);
}

/** `'en'` for a text that reads English on a page in another language (a volunteer's
 *  word, a sermon's title): its `lang`, so it is read out as English. */
export function englishOn(text: string): 'en' | undefined {
  return lang !== 'en' && readsEnglish(text) ? 'en' : undefined;
}

/** One word by its name ('' for an unknown one). */
export function word(name: string): string {
  return content.words[name] ?? '';
}

/** `text` with each `{name}` replaced by its word (an unknown name is kept as written). */
export function fill(text: string): string {
  return text.replace(NAME, (whole, name: string) => (name in content.words ? content.words[name] : whole));
}

/** Whether the site lists gathering `id` now (a gathering past its last date is
 *  left out; the server leaves its element out of the page it serves the same way).
 *  Every one is, on a page whose content block is damaged (lib/content.ts). */
export function listed(id: string | undefined): boolean {
  return !id || !Array.isArray(content.gatherings) || content.gatherings.includes(id);
}

/** The attribute that marks an element as showing gathering `id` (see `listed`). */
export function gatheringMark(id: string | undefined): Record<string, string> {
  return id ? { [GATHERING_MARKER]: id } : {};
}

/** `text` cut at each match of the global `pattern` that `take` makes something of:
 *  the text between as strings, in order. A match `take` leaves (`undefined`) stays text. */
export function cut<T extends object>(text: string, pattern: RegExp, take: (match: RegExpExecArray) => T | undefined): (string | T)[] {
  const parts: (string | T)[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const taken = take(match);
    if (taken === undefined) continue;
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(taken);
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** `text` as a page shows it: each named word in its own element the server rewrites. */
export function Words({ text, class: wordClass }: { text: string; /** The classes of each word's element. */ class?: string }) {
  // Prerendering leaves an unknown name as written, so a mistake shows in the built
  // pages; a browser shows nothing for it (a page whose content block is damaged knows
  // only the words written in it, lib/content.ts).
  const parts = cut(text, NAME, ([, name]) => (!(name in content.words) && import.meta.env.SSR ? undefined : { name }));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          // On a right-to-left page each word is isolated and takes its own direction
          // (the church's address reads left to right in an Urdu sentence).
          // On a page in another language a word that reads English (a volunteer's place
          // or figure) is marked so, as the server marks the word it writes (readsEnglish).
          <span key={i} {...{ [WORD_MARKER]: part.name }} lang={englishOn(content.words[part.name] ?? '')} {...(dir === 'rtl' ? { dir: 'auto' as const } : {})} class={wordClass}>
            {content.words[part.name] ?? ''}
          </span>
        ),
      )}
    </>
  );
}

const NOTE_CLASS = 'block font-semibold text-amber-800 empty:hidden';

/** The current notices of the campus of gathering `of` (`{of.notice}`), in an element
 *  the server rewrites, hidden while there is none. */
export function CampusNotice({ of }: { of: string }) {
  return <Words text={`{${of}.notice}`} class={NOTE_CLASS} />;
}

/** What is different about gathering `id` beside its line on any page: a week skipped
 *  or moved, a first date ahead (`{id.note}`), and its campus's notices. */
export function GatheringNotes({ id }: { id: string | undefined }) {
  if (!id) return null;
  return (
    <>
      <Words text={`{${id}.note}`} class={NOTE_CLASS} />
      <CampusNotice of={id} />
    </>
  );
}
