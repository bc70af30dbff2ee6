// Types for scripts/catalogue.mjs, which the Playwright tests import.
/** The entries of `catalogue` that stray from its "$glossary", each said in a line. */
export function glossaryStrays(words: Record<string, string>, catalogue: Record<string, unknown>): string[];
