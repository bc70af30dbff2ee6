// The translation catalogues: every word a visitor reads that lives in
// src/content/*.ts, keyed by where it is (`home.home.eyebrow` is the `eyebrow` of the
// `home` export of content/home.ts), beside each language's catalogue in
// src/content/i18n/<lang>.json, whose entries carry the fingerprint of the English
// they were made from:
//
//   { "home.home.eyebrow": { "from": "3f2a…", "text": "…" }, … }
//
//   node scripts/catalogue.mjs [lang]            lists what is missing or outdated
//   node scripts/catalogue.mjs [lang] --check    the same, failing when any is missing
//   node scripts/catalogue.mjs [lang] --template the missing entries, to fill in
//
// A fingerprint is the first 12 hex digits of the English text's SHA-256: when the
// English changes, the entry is listed as outdated until someone who reads both
// languages looks at it again and copies the new fingerprint.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = join(root, 'src', 'content');

/** Keys whose values are names for the code (routes, ids, zones), never read as words. */
const NOT_WORDS = new Set(['to', 'path', 'page', 'id', 'scheduleId', 'kind', 'art', 'zone', 'origin', 'campus', 'schedule', 'popUps']);

/** Every string of the content modules a visitor reads, by key. */
export async function englishWords() {
  const modules = readdirSync(contentDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.generated.ts'));
  const work = mkdtempSync(join(tmpdir(), 'thewell-catalogue-'));
  try {
    const entry = join(work, 'entry.ts');
    writeFileSync(entry, modules.map((f) => `export * as ${f.replace(/\.ts$/, '')} from ${JSON.stringify(join(contentDir, f))};`).join('\n'));
    const file = join(work, 'content.mjs');
    await build({
      configFile: false,
      logLevel: 'silent',
      build: { ssr: entry, outDir: work, emptyOutDir: false, rollupOptions: { output: { format: 'esm', entryFileNames: 'content.mjs' } } },
    });
    const all = await import(pathToFileURL(file).href);
    const words = {};
    const walk = (value, key, seen) => {
      if (typeof value === 'string') {
        if (/\p{L}/u.test(value)) words[key] = value;
        return;
      }
      if (value === null || typeof value !== 'object' || seen.has(value)) return;
      seen.add(value);
      for (const [name, inner] of Object.entries(value)) if (!NOT_WORDS.has(name)) walk(inner, key ? `${key}.${name}` : name, seen);
    };
    walk(all, '', new Set());
    return words;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function fingerprint(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** What a language's catalogue lacks (missing), holds for older English (outdated), or holds for nothing (unused). */
export function compare(words, catalogue) {
  const missing = [];
  const outdated = [];
  for (const [key, text] of Object.entries(words)) {
    const entry = catalogue[key];
    if (!entry || typeof entry.text !== 'string' || !entry.text.trim()) missing.push(key);
    else if (entry.from !== fingerprint(text)) outdated.push(key);
  }
  const unused = Object.keys(catalogue).filter((key) => !(key in words) && !key.startsWith('$'));
  return { missing, outdated, unused };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const lang = args.find((a) => !a.startsWith('--')) ?? 'ur';
  const file = join(contentDir, 'i18n', `${lang}.json`);
  const catalogue = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const words = await englishWords();
  const { missing, outdated, unused } = compare(words, catalogue);
  if (args.includes('--template')) {
    const template = Object.fromEntries(missing.map((key) => [key, { from: fingerprint(words[key]), en: words[key], text: '' }]));
    process.stdout.write(`${JSON.stringify(template, null, 1)}\n`);
    process.exit(0);
  }
  const total = Object.keys(words).length;
  console.log(`${lang}: ${total - missing.length - outdated.length} of ${total} up to date, ${missing.length} missing, ${outdated.length} outdated, ${unused.length} no longer used (${file})`);
  for (const key of outdated) console.log(`outdated  ${key}: the English is now ${JSON.stringify(words[key])} (fingerprint ${fingerprint(words[key])})`);
  for (const key of missing.slice(0, args.includes('--all') ? Infinity : 20)) console.log(`missing   ${key}: ${JSON.stringify(words[key])}`);
  if (missing.length > 20 && !args.includes('--all')) console.log(`… and ${missing.length - 20} more (--all lists them)`);
  for (const key of unused) console.log(`unused    ${key}`);
  if (args.includes('--check') && missing.length) process.exit(1);
}
