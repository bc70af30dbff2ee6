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

/** `'en'` where a page in another language shows a volunteer's field in English (a
 *  sermon's title, an event's place): its file gave no words for it in the page's
 *  language, as the server lists in the item's `inEnglish` (src/content/in_english.rs).
 *  Decided by where the words came from, never by their letters: its `lang`, so it is
 *  read out as English. */
export function englishIn(item: { inEnglish?: string[] }, field: string): 'en' | undefined {
  return lang !== 'en' && item.inEnglish?.includes(field) ? 'en' : undefined;
}

/** `'en'` for a data word this page shows in English (a volunteer's place with no words
 *  in the page's language), as the server marks it (`wordsInEnglish`). */
function wordLang(name: string): 'en' | undefined {
  return lang !== 'en' && content.wordsInEnglish?.includes(name) ? 'en' : undefined;
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
          // On a page in another language a word it shows in English (a volunteer's place)
          // is marked so, as the server marks the word it writes.
          <span key={i} {...{ [WORD_MARKER]: part.name }} lang={wordLang(part.name)} {...(dir === 'rtl' ? { dir: 'auto' as const } : {})} class={wordClass}>
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
