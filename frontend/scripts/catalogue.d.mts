// Types for scripts/catalogue.mjs, which the Playwright tests import.
/** The entries of `catalogue` that stray from its "$glossary", each said in a line. */
export function glossaryStrays(words: Record<string, string>, catalogue: Record<string, unknown>): string[];
/** The entries of `catalogue` that are lists the code reads (the parts of the day, the
 *  units of large sums) and do not read as one, each said in a line. */
export function misshapen(catalogue: Record<string, unknown>): string[];
