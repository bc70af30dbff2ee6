// The translation catalogues: every word a visitor reads that lives in
// src/content/*.ts, keyed by where it is (`home.home.eyebrow` is the `eyebrow` of the
// `home` export of content/home.ts), beside each language's catalogue in
// src/content/i18n/<lang>.json, whose entries carry the fingerprint of the English
// they were made from:
//
//   { "home.home.eyebrow": { "from": "3f2a…", "text": "…" }, … }
//
//   node scripts/catalogue.mjs [lang]            lists what is missing or outdated
//   node scripts/catalogue.mjs [lang] --check    the same, failing when any is missing,
//                                                names other data words than the English
//                                                or strays from the catalogue's "$glossary"
//   node scripts/catalogue.mjs [lang] --template the missing entries, to fill in
//
// A fingerprint is the first 12 hex digits of the English text's SHA-256: when the
// English changes, the entry is listed as outdated until someone who reads both
// languages looks at it again and copies the new fingerprint.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { catalogueOf, isTranslated, languages } from './languages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = join(root, 'src', 'content');

/** Keys whose values are names for the code (routes, ids, zones), never read as words. */
const NOT_WORDS = new Set(['to', 'path', 'page', 'id', 'scheduleId', 'kind', 'art', 'zone', 'origin', 'popUps', 'popUp', 'notices', 'addedPart', 'also', 'mobileOmits']);

/** A data word's name in a text: `{bible-study.when}` (lib/words.tsx). */
const NAME = /\{[a-z0-9.-]+\}/g;

/** Whether a text is words to translate: letters outside the data words it names
 *  ('{bible-study.when}' alone is not: the server writes that word), or a figure with
 *  parts that a language writes its own way ("18–24" is "18 سے 24 سال" in Urdu, and
 *  "{figure.lives-changed}+" "{figure.lives-changed} سے زیادہ"). */
function isWords(text) {
  const rest = text.replace(NAME, '0');
  return /\p{L}/u.test(rest) || /\d\s*[–+-]|[–+-]\s*\d/u.test(rest);
}

/** The data words a text names, sorted: a translation must name the same ones. (A
 *  pattern's %slots may differ: a language may use another slot the code fills, as
 *  its comment in src/content/ says.) */
export function namesIn(text) {
  return [...text.matchAll(NAME)].map((m) => m[0]).sort();
}

/** Every string of the content modules a visitor reads, by key. */
export async function englishWords() {
  // Every content module, and the generated ones for their `*_WORDS` exports (the
  // forms' labels and messages, declared in Rust: forms.generated.ts).
  const modules = readdirSync(contentDir).filter((f) => f.endsWith('.ts'));
  const work = mkdtempSync(join(tmpdir(), 'thewell-catalogue-'));
  try {
    const entry = join(work, 'entry.ts');
    const ident = (f) => f.replace(/\.ts$/, '').replace('.', '_');
    writeFileSync(entry, modules.map((f) => `export * as ${ident(f)} from ${JSON.stringify(join(contentDir, f))};`).join('\n'));
    const file = join(work, 'content.mjs');
    await build({
      configFile: false,
      logLevel: 'silent',
      define: { __LANG__: JSON.stringify('en'), __LANGUAGES__: JSON.stringify(languages()) },
      build: { ssr: entry, outDir: work, emptyOutDir: false, rollupOptions: { output: { format: 'esm', entryFileNames: 'content.mjs' } } },
    });
    const all = await import(pathToFileURL(file).href);
    const words = {};
    // A value two exports share is listed under each (lib/translate.ts walks each export).
    const walk = (value, key, above) => {
      if (typeof value === 'string') {
        if (isWords(value)) words[key] = value;
        return;
      }
      if (value === null || typeof value !== 'object' || above.has(value)) return;
      above.add(value);
      for (const [name, inner] of Object.entries(value)) if (!NOT_WORDS.has(name)) walk(inner, key ? `${key}.${name}` : name, above);
      above.delete(value);
    };
    for (const f of modules) {
      const name = f.replace(/\.ts$/, '');
      for (const [exported, value] of Object.entries(all[ident(f)])) {
        if (isTranslated(f, exported)) walk(value, `${name}.${exported}`, new Set());
      }
    }
    return words;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function fingerprint(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** What a language's catalogue lacks (missing), holds for older English (outdated),
 *  holds for nothing (unused), or translates naming other data words than the English
 *  (broken: the page would show a wrong time or none). */
export function compare(words, catalogue) {
  const missing = [];
  const outdated = [];
  const broken = [];
  for (const [key, text] of Object.entries(words)) {
    const entry = catalogue[key];
    if (!entry || typeof entry.text !== 'string' || !entry.text.trim()) missing.push(key);
    else if (namesIn(entry.text).join() !== namesIn(text).join()) broken.push(key);
    else if (entry.from !== fingerprint(text)) outdated.push(key);
  }
  const unused = Object.keys(catalogue).filter((key) => !(key in words) && !key.startsWith('$'));
  return { missing, outdated, unused, broken, strays: [...glossaryStrays(words, catalogue), ...misshapen(catalogue)] };
}

/** The entries that are lists the code reads (as src/schedule/clock.rs and
 *  src/page_parts/part_words.rs do), each with why it does not read: the parts of the day
 *  ('0: AM; 12: PM': from hour 0, each later one from a later hour before 24) and the
 *  units of large sums ('1,000,000,000 billion; 1,000,000 million': largest first). */
export function misshapen(catalogue) {
  const lists = {
    'calendar.calendarWords.clock.periods': {
      // (a word may be empty: a language on the 24-hour clock says no part of the day, '0: ')
      item: /^(\d{1,2}):\s*(.*)$/u,
      ordered: (a, b) => a < b,
      /** The first item's number (the hours run from 0 to 23). */
      first: 0,
      says: "each part of the day after the hour it starts at and a colon, from 0, hours rising and under 24 ('0: AM; 12: PM')",
    },
    'parts.generated.PART_WORDS.said.largeSums': {
      item: /^([\d,]+)\s+(\S.*)$/u,
      ordered: (a, b) => a > b,
      says: "each unit after its size, largest first ('1,000,000,000 billion; 1,000,000 million')",
    },
  };
  const found = [];
  for (const [key, list] of Object.entries(lists)) {
    const text = catalogue[key]?.text;
    if (typeof text !== 'string') continue;
    const numbers = text.split(/[;؛]/).map((part) => list.item.exec(part.trim())?.[1]).map((n) => (n === undefined ? NaN : Number(n.replace(/,/g, ''))));
    const readsAt = (n, i) => Number.isFinite(n) && (i === 0 || list.ordered(numbers[i - 1], n)) && (list.first === undefined ? n > 0 : n < 24 && (i > 0 || n === list.first));
    const reads = numbers.every(readsAt);
    if (!reads) found.push(`${key} does not read: ${JSON.stringify(text)}; write ${list.says}`);
  }
  return found;
}

/** The entries that stray from the catalogue's glossary (`"$glossary"`: one term for
 *  each thing the site names, so a term cannot drift again): each entry using a term
 *  the glossary replaces, and each whose English names the thing (`en`, a regular
 *  expression) without the term in its translation, unless the key is in `except`. */
export function glossaryStrays(words, catalogue) {
  const strays = [];
  for (const [thing, rule] of Object.entries(catalogue.$glossary ?? {})) {
    if (thing.startsWith('$')) continue;
    const names = rule.en ? new RegExp(rule.en, 'iu') : null;
    for (const [key, english] of Object.entries(words)) {
      const text = catalogue[key]?.text;
      if (typeof text !== 'string' || (rule.except ?? []).includes(key)) continue;
      for (const replaced of rule.replaces ?? []) {
        if (text.includes(replaced)) strays.push(`${key} says ${JSON.stringify(replaced)}: the glossary's word for ${thing} is ${JSON.stringify(rule.term)}`);
      }
      // (a heading may start with the term: "Prédicas anteriores" has "prédica")
      if (names?.test(english) && !text.toLocaleLowerCase().includes(rule.term.toLocaleLowerCase())) strays.push(`${key}: its English names ${thing} (${JSON.stringify(english)}); the glossary's word is ${JSON.stringify(rule.term)}, missing from ${JSON.stringify(text)}`);
    }
  }
  return strays;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  // --check-all: the build's check of every language's catalogue.
  if (args.includes('--check-all')) {
    const words = await englishWords();
    let failed = false;
    for (const { code } of languages().slice(1)) {
      const { missing, broken, strays } = compare(words, catalogueOf(code));
      for (const key of missing) console.error(`src/content/i18n/${code}.json lacks ${key}: ${JSON.stringify(words[key])}`);
      for (const key of broken) console.error(`src/content/i18n/${code}.json: ${key} must name ${namesIn(words[key]).join(' ') || 'no data word'}, as the English does`);
      for (const stray of strays) console.error(`src/content/i18n/${code}.json: ${stray}`);
      failed ||= missing.length + broken.length + strays.length > 0;
    }
    if (failed) {
      console.error('A catalogue lacks a translation: `node scripts/catalogue.mjs <lang> --template` writes the missing entries to fill in.');
      process.exit(1);
    }
    process.exit(0);
  }
  const lang = args.find((a) => !a.startsWith('--')) ?? 'ur';
  const file = join(contentDir, 'i18n', `${lang}.json`);
  const catalogue = catalogueOf(lang);
  const words = await englishWords();
  const { missing, outdated, unused, broken, strays } = compare(words, catalogue);
  if (args.includes('--template')) {
    const template = Object.fromEntries(missing.map((key) => [key, { from: fingerprint(words[key]), en: words[key], text: '' }]));
    process.stdout.write(`${JSON.stringify(template, null, 1)}\n`);
    process.exit(0);
  }
  const total = Object.keys(words).length;
  console.log(`${lang}: ${total - missing.length - outdated.length - broken.length} of ${total} up to date, ${missing.length} missing, ${broken.length} naming other data words than the English, ${outdated.length} outdated, ${unused.length} no longer used (${file})`);
  for (const key of broken) console.log(`broken    ${key}: the English names ${namesIn(words[key]).join(' ') || 'no data word'}, the translation ${namesIn(catalogue[key].text).join(' ') || 'none'}`);
  for (const key of outdated) console.log(`outdated  ${key}: the English is now ${JSON.stringify(words[key])} (fingerprint ${fingerprint(words[key])})`);
  for (const key of missing.slice(0, args.includes('--all') ? Infinity : 20)) console.log(`missing   ${key}: ${JSON.stringify(words[key])}`);
  if (missing.length > 20 && !args.includes('--all')) console.log(`… and ${missing.length - 20} more (--all lists them)`);
  for (const key of unused) console.log(`unused    ${key}`);
  for (const stray of strays) console.log(`glossary  ${stray}`);
  if (args.includes('--check') && (missing.length || broken.length || strays.length)) process.exit(1);
}
