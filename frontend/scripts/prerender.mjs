// Writes one prerendered HTML file per route into dist/ (dist/index.html,
// dist/about/index.html, ..., dist/404.html), then a .br and a .gz beside every
// text asset. Runs after `vite build` and the SSR build of src/entry-server.tsx.
import { readFileSync, writeFileSync, mkdirSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const { render, routes } = await import(pathToFileURL(join(root, '.ssr', 'entry-server.js')).href);

const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes('<!--app-->') || !template.includes('<!--head-->')) {
  throw new Error('dist/index.html lacks the <!--app--> or <!--head--> placeholder');
}
const year = new Date().getFullYear();

function page(path) {
  const { html, head } = render(path, year);
  return template.replace('<!--head-->', head).replace('<!--app-->', html);
}

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

for (const { path } of routes) {
  write(path === '/' ? join(dist, 'index.html') : join(dist, path.slice(1), 'index.html'), page(path));
}
write(join(dist, '404.html'), page('/404'));
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
