// Writes one prerendered HTML file per route into dist/ (dist/index.html,
// dist/about/index.html, ..., dist/404.html), then a .br and a .gz beside every
// text asset. Runs after `vite build` and the SSR build of src/entry-server.tsx.
//
// Nothing but the page holds its first paint on a weak network: each page carries
// in its own <style> the rules of the stylesheet that its HTML uses (Beasties picks
// them; the server's own parts' classes, src/lib/classes.generated.ts, always go
// in), and its scripts and the whole stylesheet are named only at the end of <body>,
// so they are fetched once the page's own bytes are in. The whole stylesheet comes
// as media="print" (it never blocks a paint) and the page's script turns it on for
// what only the script shows (pop-ups, the menu, toasts).
import { readFileSync, writeFileSync, mkdirSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const { render, routes, site, photoSlots, notePopUpPhotos } = await import(pathToFileURL(join(root, '.ssr', 'entry-server.js')).href);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The chunks a page needs beyond the entry script: its own and what it imports. */
function pageChunks(page) {
  const found = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || found.includes(chunk.file)) return;
    found.push(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  visit(`src/pages/${page}.tsx`);
  return found;
}

const built = readFileSync(join(dist, 'index.html'), 'utf8');
if (!built.includes('<!--app-->') || !built.includes('<!--head-->')) {
  throw new Error('dist/index.html lacks the <!--app--> or <!--head--> placeholder');
}
// What Vite put in <head> that would hold the first paint: the entry script, its
// preloads and the stylesheet. They move to the end of <body>.
const late = [...built.matchAll(/\s*<(?:script type="module"[^>]*><\/script|link rel="(?:modulepreload|stylesheet)"[^>]*)>/g)].map((m) => m[0].trim());
const stylesheet = late.find((tag) => tag.startsWith('<link rel="stylesheet"'));
const entry = late.find((tag) => tag.startsWith('<script'));
if (!stylesheet || !entry) throw new Error('dist/index.html lacks the stylesheet or the entry script Vite writes');
const template = late.reduce((text, tag) => text.replace(tag, ''), built);
const cssFile = /href="\/(assets\/[^"]+\.css)"/.exec(stylesheet)[1];
/** The stylesheet for what the script shows: fetched after the page, applied by main.tsx. */
const wholeStyle = stylesheet.replace('<link ', '<link media="print" data-whole-style ');

// Classes the server writes into pages (sermon lists, people, notices): not in the
// prerendered HTML, so kept whatever the page holds.
const serverClasses = [...readFileSync(join(root, 'src/lib/classes.generated.ts'), 'utf8').matchAll(/= "([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)).filter(Boolean);
const escapeClass = (name) => name.replace(/[^A-Za-z0-9_-]/g, (c) => `\\${c}`);
const beasties = new Beasties({
  path: dist,
  publicPath: '/',
  preload: false,
  // The page's own <style> stays apart: the no-script rule lives in a <noscript>.
  mergeStylesheets: false,
  reduceInlineStyles: false,
  fonts: false,
  compress: true,
  logLevel: 'warn',
  allowRules: [...new Set(serverClasses)].map((name) => new RegExp(`^\\.${escapeClass(name).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(?![\\w-])`)),
});
const year = new Date().getFullYear();

async function page(path, pageName) {
  const { html, head } = render(path, year);
  const preloads = pageChunks(pageName).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
  const whole = template.replace('<!--head-->', `${head}\n    ${stylesheet}`).replace('<!--app-->', html);
  // Beasties inlines the rules this HTML uses in place of the <link> (left as it was).
  const inlined = (await beasties.process(whole)).replace(stylesheet, '');
  if (!inlined.includes('<style>') || inlined.includes(`href="/${cssFile}"`)) throw new Error(`${path}: its stylesheet was not inlined`);
  const chunks = [...late.filter((tag) => tag.startsWith('<link rel="modulepreload"')), ...preloads].map((tag) => /href="([^"]+)"/.exec(tag)[1]);
  const tail = [wholeStyle, entry, ...[...new Set(chunks)].map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`)];
  return inlined.replace('</body>', `  ${tail.join('\n    ')}\n  </body>`);
}

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

for (const { path, page: pageName } of routes) {
  write(path === '/' ? join(dist, 'index.html') : join(dist, path.slice(1), 'index.html'), await page(path, pageName));
}
write(join(dist, '404.html'), await page('/404', 'NotFound'));
// The service worker's page for an address not saved on the phone; #app names its path.
write(join(dist, 'offline.html'), (await page('/offline', 'Offline')).replace('<div id="app">', '<div id="app" data-page="/offline">'));
// The places a volunteer's photo can replace a drawing, for `thewell site photos`.
await notePopUpPhotos();
write(join(dist, 'photo-slots.json'), JSON.stringify(photoSlots(), null, 1));
rmSync(join(dist, '.vite'), { recursive: true, force: true });

// For search engines: every route, and where the list is.
const urls = routes.map(({ path }) => `  <url><loc>${site.origin}${path}</loc></url>`).join('\n');
write(join(dist, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
write(join(dist, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${site.origin}/sitemap.xml\n`);
// The route list for the size script and the browser tests (the server looks for each route's file).
write(join(dist, 'routes.json'), JSON.stringify(routes.map((r) => r.path)));

// Compressed variants: the server picks one by Accept-Encoding.
const compressible = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml', '.ics', '.webmanifest']);
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}
let count = 0;
for (const file of walk(dist)) {
  if (file.endsWith('.br') || file.endsWith('.gz')) {
    unlinkSync(file);
    continue;
  }
  if (!compressible.has(extname(file))) continue;
  const body = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
console.log(`prerendered ${routes.length} routes and the 404 page; compressed ${count} files`);
