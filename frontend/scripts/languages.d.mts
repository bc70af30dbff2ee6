// Types for scripts/languages.mjs, which vite.config.ts imports.
import type { Plugin } from 'vite';

/** A language the site is written in (frontend/src/lib/lang.ts). */
export interface Language {
  /** Its BCP 47 code, also its addresses' prefix ('ur' → /ur/about); English has none. */
  code: string;
  /** Its name in itself, as the language switch shows it ('اردو'). */
  name: string;
  dir: 'ltr' | 'rtl';
  /** As sharing previews name it (og:locale): 'ur_PK'. */
  locale: string;
  /** In the language itself, the line an English page offers a browser that prefers it. */
  offer?: { link: string; dismiss: string };
}
export function catalogueOf(code: string): Record<string, { from: string; text: string }>;
export function languages(): Language[];
export function buildLanguage(): string;
export function clientOutDir(code: string): string;
export function ssrOutDir(code: string): string;
export function languagePlugin(code: string): Plugin;
