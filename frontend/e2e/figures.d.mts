// Types for e2e/figures.mjs, which the Playwright tests import.
/** Where each figure with parts inside the visible elements matching `selector` is
 *  drawn: those whose characters run left to right as written, and the others. */
export function figuresDrawn(selector: string, pattern: string): { read: string[]; reversed: string[] };
