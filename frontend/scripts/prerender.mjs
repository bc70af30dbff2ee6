// Writes one prerendered HTML file per route into dist/ (dist/index.html,
// dist/about/index.html, ..., dist/404.html), then a .br and a .gz beside every
// text asset. Runs after `vite build` and the SSR build of src/entry-server.tsx.
//
// Nothing but the page holds its first paint on a weak network: each page carries
// the whole stylesheet in its own <style> (6.8 KB brotli: 2.5 KB more than the rules
// its own HTML uses, and no second style pass for the phone once the scripts come,
// which a page carrying only its own rules needs before pop-ups, menu and toasts
// can be drawn: 15-25 ms of a fast machine, a long task on a slow phone); its
// scripts are fetched by a few lines at the end of <body> once the page has painted,
// so nothing competes with the page's own bytes or holds its first paint.
import { readFileSync, writeFileSync, mkdirSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const { render, routes, site, photoSlots, notePopUpPhotos } = await import(pathToFileURL(join(root, '.ssr', 'entry-server.js')).href);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The chunks a page needs beyond the entry script: its own and what it imports, and
 *  those of the pop-ups that open by themselves on it (named 'launch' in the route,
 *  drawn by src/components/modals/LaunchModal.tsx). */
function pageChunks(page, popUps = []) {
  const found = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || found.includes(chunk.file)) return;
    found.push(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  visit(`src/pages/${page}.tsx`);
  for (const name of popUps) {
    const key = `src/components/modals/${name.replace(/(^|-)(.)/g, (_, __, c) => c.toUpperCase())}Modal.tsx`;
    if (!manifest[key]) throw new Error(`the pop-up '${name}' has no chunk ${key}`);
    visit(key);
  }
  return found;
}

const built = readFileSync(join(dist, 'index.html'), 'utf8');
if (!built.includes('<!--app-->') || !built.includes('<!--head-->')) {
  throw new Error('dist/index.html lacks the <!--app--> or <!--head--> placeholder');
}
// What Vite put in <head> that would hold the first paint: the entry script, its
// preloads and the stylesheet. They leave <head>: the stylesheet's rules go into the
// page's <style>, and `loader` fetches the scripts after paint.
const late = [...built.matchAll(/\s*<(?:script type="module"[^>]*><\/script|link rel="(?:modulepreload|stylesheet)"[^>]*)>/g)].map((m) => m[0].trim());
const stylesheet = late.find((tag) => tag.startsWith('<link rel="stylesheet"'));
const entry = late.find((tag) => tag.startsWith('<script'));
if (!stylesheet || !entry) throw new Error('dist/index.html lacks the stylesheet or the entry script Vite writes');
const template = late.reduce((text, tag) => text.replace(tag, ''), built);
const cssFile = /href="\/(assets\/[^"]+\.css)"/.exec(stylesheet)[1];
const css = readFileSync(join(dist, cssFile), 'utf8').trim();
if (/<\/style/i.test(css)) throw new Error(`${cssFile} holds '</style': it cannot go inside a page's <style>`);
const entryFile = /src="([^"]+)"/.exec(entry)[1];
const entryChunks = late.filter((tag) => tag.startsWith('<link rel="modulepreload"')).map((tag) => /href="([^"]+)"/.exec(tag)[1]);

/**
 * The end of a page's <body>: what its code is (a JSON block: the entry script and the
 * chunks to preload), and a few lines that fetch it once the page has painted (the frame
 * after it, or within a second in a tab not shown). Named in the HTML, the browser
 * would fetch them at once, beside the page's own bytes. The lines are the same on
 * every page: the server's Content-Security-Policy allows them by their hash
 * (src/web/middleware.rs, whose test checks every page's inline script against it).
 * Each element is added in a task of its own: a slow phone's page stays responsive.
 */
const LOADER = "(function(d){var go=function(){if(go.done)return;go.done=1;var f=JSON.parse(d.getElementById('page-code').textContent),add=function(tag,set){return function(){var e=d.createElement(tag);set(e);d.head.appendChild(e)}},q=[];f.chunks.forEach(function(h){q.push(add('link',function(p){p.rel='modulepreload';p.crossOrigin='';p.href=h}))});q.push(add('script',function(s){s.type='module';s.crossOrigin='';s.src=f.entry}));(function next(){var t=q.shift();if(t){t();setTimeout(next,0)}})()};requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})(document)";
const loaderHash = createHash('sha256').update(LOADER).digest('base64');

function loader(chunks) {
  const code = JSON.stringify({ entry: entryFile, chunks });
  return `<script type="application/json" id="page-code">${code}</script>\n    <script>${LOADER}</script>`;
}

const year = new Date().getFullYear();

async function page(path, pageName, popUps) {
  const { html, head } = render(path, year);
  const chunks = [...new Set([...entryChunks, ...pageChunks(pageName, popUps).map((file) => `/${file}`)])];
  return template
    .replace('<!--head-->', `${head}\n    <style>${css}</style>`)
    .replace('<!--app-->', html)
    .replace('</body>', `  ${loader(chunks)}\n  </body>`);
}

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

for (const { path, page: pageName, popUps } of routes) {
  write(path === '/' ? join(dist, 'index.html') : join(dist, path.slice(1), 'index.html'), await page(path, pageName, popUps));
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
console.log(`prerendered ${routes.length} routes and the 404 page; compressed ${count} files; the pages' loader is 'sha256-${loaderHash}'`);
