// Writes one prerendered HTML file per route into dist/ (dist/index.html,
// dist/about/index.html, ..., dist/404.html), then a .br and a .gz beside every
// text asset. Runs after `vite build` and the SSR build of src/entry-server.tsx.
import { readFileSync, writeFileSync, mkdirSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes('<!--app-->') || !template.includes('<!--head-->')) {
  throw new Error('dist/index.html lacks the <!--app--> or <!--head--> placeholder');
}
const year = new Date().getFullYear();

function page(path, pageName) {
  const { html, head } = render(path, year);
  const preloads = pageChunks(pageName).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
  return template.replace('<!--head-->', [head, ...preloads].join('\n    ')).replace('<!--app-->', html);
}

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

for (const { path, page: pageName } of routes) {
  write(path === '/' ? join(dist, 'index.html') : join(dist, path.slice(1), 'index.html'), page(path, pageName));
}
write(join(dist, '404.html'), page('/404', 'NotFound'));
// The service worker's page for an address not saved on the phone; #app names its path.
write(join(dist, 'offline.html'), page('/offline', 'Offline').replace('<div id="app">', '<div id="app" data-page="/offline">'));
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
