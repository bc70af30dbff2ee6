// Prints, for each route in each language, the bytes a first visit downloads: the route's HTML plus
// every stylesheet and script it references (following static imports of scripts),
// each counted as its brotli file in dist/. Run after the build: `npm run size`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const english = JSON.parse(readFileSync(join(dist, 'routes.json'), 'utf8'));
const languages = JSON.parse(readFileSync(join(dist, 'languages.json'), 'utf8'));
// Every route in every language: '/', …, then '/ur/', '/ur/about', …
const routes = [...english, ...languages.flatMap(({ code }) => english.map((route) => `/${code}${route === '/' ? '/' : route}`))];

function brotliBytes(rel) {
  const file = join(dist, rel.replace(/^\//, '')) + '.br';
  if (!existsSync(file)) throw new Error(`missing ${file}: run the build first`);
  return readFileSync(file).length;
}

/** The scripts and stylesheets a page pulls in, with the static imports of each script. */
function assetsOf(html) {
  const found = new Set();
  // Named in attributes, or in the list the page's loader fetches after paint.
  const queue = [...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  while (queue.length) {
    const asset = queue.shift();
    if (found.has(asset)) continue;
    found.add(asset);
    if (asset.endsWith('.js')) {
      const code = readFileSync(join(dist, asset.slice(1)), 'utf8');
      for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w{},*\s$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
        queue.push(`/assets/${m[1]}`);
      }
    }
  }
  return [...found];
}

const limit = Number(process.env.SIZE_BUDGET_KB ?? 'Infinity');
let worst = 0;
console.log('route'.padEnd(24) + 'html'.padStart(8) + 'css'.padStart(8) + 'js'.padStart(8) + 'total'.padStart(9) + '  (bytes, brotli)');
for (const route of routes) {
  const htmlFile = route.endsWith('/') ? `${route}index.html` : `${route}/index.html`;
  const html = readFileSync(join(dist, htmlFile.slice(1)), 'utf8');
  const assets = assetsOf(html);
  const css = assets.filter((a) => a.endsWith('.css')).reduce((n, a) => n + brotliBytes(a), 0);
  const js = assets.filter((a) => a.endsWith('.js')).reduce((n, a) => n + brotliBytes(a), 0);
  const htmlBytes = brotliBytes(htmlFile);
  const total = htmlBytes + css + js;
  worst = Math.max(worst, total);
  console.log(route.padEnd(24) + String(htmlBytes).padStart(8) + String(css).padStart(8) + String(js).padStart(8) + String(total).padStart(9) + `  ${(total / 1024).toFixed(1)} KB`);
}
console.log(`largest first visit: ${(worst / 1024).toFixed(1)} KB`);
if (worst / 1024 > limit) {
  console.error(`over the budget of ${limit} KB`);
  process.exit(1);
}
