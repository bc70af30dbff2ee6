// The site's languages: English, written in src/content/*.ts, and one more for each
// catalogue in src/content/i18n/<code>.json (its "$language" entry names it and its
// direction). The build makes the pages once per language (package.json's build runs
// `node scripts/languages.mjs build` after the English build): the same code, with
// each content module's words replaced by the catalogue's as the module loads.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseAst } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = join(root, 'src', 'content');
const i18nDir = join(contentDir, 'i18n');

/** Where the English server build lists the texts photo slots are named after. */
const SLOT_WORDS = 'slot-words.json';

/** The catalogue of language `code` (`{ key: { from, text } }`, plus "$language"). */
export function catalogueOf(code) {
  const file = join(i18nDir, `${code}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** Every language, English first: `{ code, name, dir, locale }`. */
export function languages() {
  const others = existsSync(i18nDir)
    ? readdirSync(i18nDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => {
          const code = basename(f, '.json');
          const about = catalogueOf(code).$language ?? {};
          if (typeof about.name !== 'string' || !['ltr', 'rtl'].includes(about.dir) || !/^[a-z]{2,3}_[A-Z]{2}$/.test(about.locale ?? '') || typeof about.offer?.link !== 'string' || typeof about.offer?.dismiss !== 'string') {
            throw new Error(
              `src/content/i18n/${f}: its "$language" entry must give "name" (the language's name in itself), "dir" ("ltr" or "rtl"), "locale" (as sharing previews name it: "ur_PK") and "offer": { "link", "dismiss" } (the line offering an English page in this language, and its dismiss button, in this language)`,
            );
          }
          return { code, name: about.name, dir: about.dir, locale: about.locale, offer: { link: about.offer.link, dismiss: about.offer.dismiss } };
        })
    : [];
  return [{ code: 'en', name: 'English', dir: 'ltr', locale: 'en_US' }, ...others];
}

/** The language this build is for: THEWELL_LANG, English by default. */
export function buildLanguage() {
  const code = process.env.THEWELL_LANG ?? 'en';
  if (!languages().some((l) => l.code === code)) throw new Error(`THEWELL_LANG=${code}: no catalogue src/content/i18n/${code}.json`);
  return code;
}

/** Where a language's client build goes before the prerender gathers it into dist/. */
export function clientOutDir(code) {
  return code === 'en' ? 'dist' : `.dist-${code}`;
}

/** Where a language's prerender build (src/entry-server.tsx) goes. */
export function ssrOutDir(code) {
  return code === 'en' ? '.ssr' : `.ssr-${code}`;
}

/** Whether export `name` of content module `file` holds words to translate: every
 *  export of a written module; of a generated one (declared in Rust), only `*_WORDS`. */
export function isTranslated(file, name) {
  return !file.endsWith('.generated.ts') || name.endsWith('_WORDS');
}

/** A campus's fact as the site's words name it: `{campus.north.region}`. */
const CAMPUS_FACT = /\{campus\.([a-z0-9-]+)\.([a-z]+)\}/g;

/** The campuses' facts in language `code`, by id and field: stated once in
 *  src/campuses.rs (generated into content/campuses.generated.ts), a language's from its
 *  catalogue (English where it has none). */
export function campusFacts(code) {
  const text = readFileSync(join(contentDir, 'campuses.generated.ts'), 'utf8');
  const english = JSON.parse(text.slice(text.indexOf('= {') + 2, text.lastIndexOf('}') + 1));
  const catalogue = code === 'en' ? {} : catalogueOf(code);
  return Object.fromEntries(
    Object.entries(english).map(([id, facts]) => [id, Object.fromEntries(Object.entries(facts).map(([field, fact]) => [field, catalogue[`campuses.generated.CAMPUS_WORDS.${id}.${field}`]?.text ?? fact]))]),
  );
}

/**
 * The Vite plugin that writes language `code`'s words into the content modules: each
 * `export const name = value` of src/content/*.ts (of a generated one, `*_WORDS` only) becomes
 * `export const name = translate(value, 'name', words)` with that export's entries of
 * the catalogue, marked pure, so an export a chunk does not use still leaves it with
 * its words. In every language, English too, each campus fact a text names
 * (`{campus.north.region}`) is then written in as the language says it: the facts are
 * the build's, so every page, pop-up, description and server part reads them alike.
 */
export function languagePlugin(code) {
  const catalogue = catalogueOf(code);
  const facts = campusFacts(code);
  const translator = join(root, 'src', 'lib', 'translate.ts');
  let namedAfter = null;
  /** The texts photo slots are named after, listed by the English build (below). */
  const slotWords = () => {
    if (!namedAfter) {
      const file = join(root, ssrOutDir('en'), SLOT_WORDS);
      if (!existsSync(file)) throw new Error(`${file} is missing: \`node scripts/languages.mjs build\` lists it from the English server build first`);
      namedAfter = new Set(JSON.parse(readFileSync(file, 'utf8')));
    }
    return namedAfter;
  };
  return {
    name: 'thewell-language',
    enforce: 'post',
    transform(code_, id) {
      const file = id.split('?')[0];
      if (dirname(file) !== contentDir || !file.endsWith('.ts')) return null;
      if (code === 'en') return withFacts(code_, file);
      const module = basename(file, '.ts');
      const edits = [];
      const remembered = {};
      for (const node of parseAst(code_).body) {
        if (node.type !== 'ExportNamedDeclaration' || node.declaration?.type !== 'VariableDeclaration') continue;
        for (const d of node.declaration.declarations) {
          if (d.id.type !== 'Identifier' || !d.init || !isTranslated(basename(file), d.id.name)) continue;
          const name = d.id.name;
          const words = {};
          for (const [key, entry] of Object.entries(catalogue)) {
            const local = key.slice(module.length + 1);
            if (key.startsWith(`${module}.`) && (local === name || local.startsWith(`${name}.`))) words[local] = entry.text;
          }
          // A text written as it stands is written in the language now; what is left
          // (a template naming another value) is translated as the module loads.
          const left = { ...words };
          const write = (node, at) => {
            if (!node) return;
            const english = node.type === 'Literal' && typeof node.value === 'string' ? node.value : node.type === 'TemplateLiteral' && !node.expressions.length ? node.quasis[0].value.cooked : null;
            if (english !== null) {
              if (!(at in words)) return;
              edits.push([node.start, node.end, JSON.stringify(words[at])]);
              delete left[at];
              if (slotWords().has(english)) remembered[words[at]] = english;
            } else if (node.type === 'ObjectExpression') {
              for (const p of node.properties) {
                if (p.type !== 'Property' || p.computed || p.kind !== 'init') continue;
                const key = p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : null;
                if (key !== null) write(p.value, `${at}.${key}`);
              }
            } else if (node.type === 'ArrayExpression') {
              // Up to a spread only: after it an element's place is not known.
              for (const [i, element] of node.elements.entries()) {
                if (element?.type === 'SpreadElement') break;
                write(element, `${at}.${i}`);
              }
            }
          };
          write(d.init, name);
          if (Object.keys(left).length) edits.push([d.init.start, d.init.start, '/* @__PURE__ */ __translate('], [d.init.end, d.init.end, `, ${JSON.stringify(name)}, ${JSON.stringify(left)})`]);
        }
      }
      if (!edits.length) return withFacts(code_, file);
      let out = code_;
      // From the end, so each edit's place still holds; an opening at the same place as a
      // written text cannot happen (a text written whole leaves nothing to translate).
      for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0] || b[1] - a[1])) out = out.slice(0, start) + text + out.slice(end);
      const head = [`import { translate as __translate, remember as __remember } from ${JSON.stringify(translator)};`];
      if (Object.keys(remembered).length) head.push(`__remember(${JSON.stringify(remembered)});`);
      return withFacts(`${head.join('\n')}\n${out}`, file) ?? { code: `${head.join('\n')}\n${out}`, map: null };
    },
  };

  /** `source` with each campus fact it names written in (inside a string literal of any
   *  quotes: the fact's quotes and backslashes escaped); null when it names none. A name
   *  that is no campus's fact stops the build. */
  function withFacts(source, file) {
    if (!source.includes('{campus.')) return null;
    const out = source.replace(CAMPUS_FACT, (whole, id, field) => {
      const fact = facts[id]?.[field];
      if (fact === undefined) throw new Error(`${file}: ${whole} names no campus fact (src/campuses.rs has ${Object.keys(facts).join(', ')}, each with ${Object.keys(Object.values(facts)[0]).join(', ')})`);
      return fact.replace(/[\\'"`$]/g, '\\$&');
    });
    return { code: out, map: null };
  }
}

// `node scripts/languages.mjs build`: the client and prerender builds of every language
// but English (which package.json's build has made already); each one's hashed files
// join English's in dist/assets/ (a name is its content's hash: two builds never clash).
if (import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === 'build') {
  // The texts photo slots are named after, from rendering the English pages and pop-ups.
  const english = await import(pathToFileURL(join(root, ssrOutDir('en'), 'entry-server.js')).href);
  for (const { path } of english.routes) english.render(path, new Date().getFullYear());
  await english.notePopUpPhotos();
  writeFileSync(join(root, ssrOutDir('en'), SLOT_WORDS), JSON.stringify(english.slotWords()));
  for (const { code } of languages().slice(1)) {
    const env = { ...process.env, THEWELL_LANG: code };
    const vite = join(root, 'node_modules', '.bin', 'vite');
    execFileSync(vite, ['build'], { cwd: root, env, stdio: 'inherit' });
    execFileSync(vite, ['build', '--ssr', 'src/entry-server.tsx', '--outDir', ssrOutDir(code), '--emptyOutDir'], { cwd: root, env, stdio: 'inherit' });
    const assets = join(root, clientOutDir(code), 'assets');
    mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
    for (const name of readdirSync(assets)) copyFileSync(join(assets, name), join(root, 'dist', 'assets', name));
  }
}
