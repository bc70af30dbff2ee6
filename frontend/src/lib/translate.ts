// Puts a language's words into a content module as it loads. The build of a language
// other than English ends each src/content/*.ts module with a call to `translate` for
// each of its exports (scripts/languages.mjs), passing the module's entries of
// src/content/i18n/<lang>.json: a string is replaced by the entry of its key, the
// path to it ('home.eyebrow', 'routes.2.title'), the same keys scripts/catalogue.mjs
// lists. What the catalogue lacks stays as written (the build refuses a catalogue
// with an entry missing, so that is only the code's names: routes, ids, zones).

// Each translation's English, for what is named after the English whatever the page's
// language (a drawing's photo slot: lib/photos.ts).
const english = new Map<string, string>();

/** The English a text was translated from (itself when it was not). */
export function englishOf(text: string): string {
  return english.get(text) ?? text;
}

/** `value` with each string found at `key` (and below it) replaced from `words`;
 *  objects and arrays are changed where they stand, as other modules share them. */
export function translate<T>(value: T, key: string, words: Record<string, string>): T {
  const walk = (inner: unknown, at: string, above: Set<unknown>): unknown => {
    if (typeof inner === 'string') {
      const text = words[at];
      if (text === undefined) return inner;
      english.set(text, inner);
      return text;
    }
    if (inner === null || typeof inner !== 'object' || above.has(inner)) return inner;
    above.add(inner);
    const record = inner as Record<string, unknown>;
    for (const name of Object.keys(record)) record[name] = walk(record[name], `${at}.${name}`, above);
    above.delete(inner);
    return inner;
  };
  return walk(value, key, new Set()) as T;
}
