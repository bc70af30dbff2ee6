// Puts a language's words into a content module as it loads, where the build could not.
// The build of a language other than English writes each text of src/content/*.ts that
// is written as it stands (a string in an object or a list) in that language at once
// (scripts/languages.mjs); a text made as the module loads (a template naming another
// module's value) is replaced here by a call to `translate` around its export, with the
// entries of src/content/i18n/<lang>.json left for it: a string is replaced by the entry
// of its key, the path to it ('home.eyebrow', 'routes.2.title'), the same keys
// scripts/catalogue.mjs lists. What the catalogue lacks stays as written (the build
// refuses a catalogue with an entry missing, so that is only the code's names).

// The English of each translation something is named after whatever the page's language
// (a drawing's photo slot: lib/photos.ts): those the build wrote are remembered by it.
const english = new Map<string, string>();

/** Keeps the English of texts the build wrote in this language (`{ text: english }`). */
export function remember(texts: Record<string, string>): void {
  for (const [text, was] of Object.entries(texts)) english.set(text, was);
}

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
