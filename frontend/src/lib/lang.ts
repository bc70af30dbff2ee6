// The language of this build of the pages. The site is built once per language
// (scripts/languages.mjs): English at the site's root, each other language under its
// own prefix (/ur/…), with its words from src/content/i18n/<lang>.json put into the
// content modules as they load (lib/translate.ts). A page's language never changes
// under it: another language is another page.

/** A language the site is written in: its code (also its addresses' prefix, 'ur' →
 *  /ur/about; English has none), its name in itself, direction, locale and offer line. */
export type { Language } from '../../scripts/languages.mjs';
import type { Language } from '../../scripts/languages.mjs';

declare const __LANG__: string;
declare const __LANGUAGES__: Language[];

/** Every language, English first. */
export const languages: Language[] = __LANGUAGES__;
/** This build's language. */
export const language: Language = languages.find((l) => l.code === __LANG__) ?? languages[0];
export const lang = language.code;
/** Whether this build is English's, known when building: code only another language
 *  needs is left out of English's files. */
export const englishBuild = __LANG__ === 'en';
export const dir = language.dir;

/** A pattern of the words with each %slot replaced by its value: a language may put
 *  them in its own order ('%weekday, %month %day' → '%weekday، %day %month'). */
export function slotted(pattern: string, slots: Record<string, string>): string {
  return pattern.replace(/%([a-z]+)/g, (whole, name: string) => slots[name] ?? whole);
}

/** A text in whatever direction it reads (a time in the page's words, a volunteer's
 *  reason for a week left out) kept whole in a right-to-left page: between Unicode's
 *  first-strong isolate and its end, so the words around it never pull its parts apart
 *  and an English reason's brackets and stops stay on its own sides. */
export function ownDirection(text: string): string {
  return dir === 'rtl' && text ? `\u2068${text}\u2069` : text;
}

/** The address prefix of a language: '' for English, '/ur' for Urdu. */
export function prefixOf(code: string): string {
  return code === languages[0].code ? '' : `/${code}`;
}

/** A route's address in language `code` (this build's by default): '/about' → '/ur/about', '/' → '/ur/'. */
export function localPath(path: string, code: string = lang): string {
  const prefix = prefixOf(code);
  if (!prefix) return path;
  return path === '/' ? `${prefix}/` : `${prefix}${path}`;
}

/** The route an address shows in this build: '/ur/about' → '/about', '/ur/' → '/'. */
export function routeOf(pathname: string): string {
  const prefix = prefixOf(lang);
  if (!prefix) return pathname;
  if (pathname === prefix || pathname === `${prefix}/`) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}
