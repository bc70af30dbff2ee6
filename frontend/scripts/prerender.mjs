// Writes one prerendered HTML file per route into dist/ (dist/index.html,
// dist/about/index.html, ..., dist/404.html), then a .br and a .gz beside every
// text asset. Runs after `vite build` and the SSR build of src/entry-server.tsx.
//
// Nothing but the page holds its first paint on a weak network: each page carries
// the whole stylesheet in its own <style> (the server puts the rules in, from the one
// stylesheet file: the bundle keeps it once, not in every page of every language,
// src/web/files/assets.rs;
// 6.8 KB brotli: 2.5 KB more than the rules
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
import { clientOutDir, languages, ssrOutDir } from './languages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** The chunks a page needs beyond the entry script, from a language build's manifest:
 *  its own and what it imports, and those of the pop-ups that open by themselves on it
 *  (named 'launch' in the route, drawn by src/components/modals/LaunchModal.tsx). */
function pageChunks(manifest, page, popUps = []) {
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

/**
 * The end of a page's <body>: what its code is (a JSON block: the entry script and the
 * chunks to preload), and a few lines that fetch it once the page has painted (the frame
 * after it, or within a second in a tab not shown). Named in the HTML, the browser
 * would fetch them at once, beside the page's own bytes. The lines are the same on
 * every page: the server's Content-Security-Policy allows them by their hash
 * (src/web/middleware.rs, whose test checks every page's inline script against it).
 * Each element is added in a task of its own: a slow phone's page stays responsive.
 * First, at once: on a page that opens a pop-up by itself on a first visit (the home
 * page), the photo of the pop-up due (`popUpPhotos`, lib/welcome.ts: the first whose
 * flag is not set and whose day is not over) is fetched beside the code, not after it
 * (its addresses as the server names them: src/photos/made.rs, lib/photos.ts
 * srcsetOf), unless the visitor saves data (lib/network.ts savesData); and that
 * pop-up's stand-in, drawn in the page after the app (lib/standIn.ts), is opened, so
 * it shows with the page's first paint, its photo fetched at once (written lazy: a
 * closed stand-in's is not fetched); the others are removed. Closing it sets its
 * flag, as closing the page's own pop-up does.
 */
const LOADER = "(function(d){var f=JSON.parse(d.getElementById('page-code').textContent),h=d.documentElement;try{var n=navigator.connection||{},j=function(id){return JSON.parse(d.getElementById(id).textContent)};if(f.popUpPhotos){var full=!h.hasAttribute('data-lean')&&!n.saveData&&!/(^|-)2g$/.test(n.effectiveType||''),s=j('site-settings').photos||{},c=j('site-content'),due;f.popUpPhotos.some(function(p){if(localStorage.getItem(p.seen)==='true'||p.over&&c[p.over]&&Date.now()>=Date.parse(c[p.over].overAt))return!1;due=p;var m=s[p.slot],l=d.createElement('link');if(m&&full){l.rel='preload';l.as='image';l.type='image/webp';l.fetchPriority='high';l.imageSizes=p.sizes;l.imageSrcset=m.widths.map(function(w){return'/photos/'+p.slot+'.'+m.key+'.'+w+'.webp '+w+'w'}).join(', ');d.head.appendChild(l)}return!0});[].forEach.call(d.querySelectorAll('dialog[data-stand-in]'),function(g){if(!due||g.getAttribute('data-stand-in')!==due.popUp)return g.remove();g.addEventListener('close',function(){if(g.hasAttribute('data-taken-over'))return;h.style.overflow='';try{localStorage.setItem(due.seen,'true')}catch(e){}g.remove()});g.addEventListener('click',function(e){if(e.target===g||e.target.closest('[data-stand-in-close]'))g.close()});try{[].forEach.call(g.querySelectorAll('img[loading]'),function(i){i.loading='eager';i.fetchPriority='high'});g.hidden=!1;g.showModal();h.style.overflow='hidden';var t=g.querySelector('h2');t&&t.focus({preventScroll:!0})}catch(e){g.remove()}})}}catch(e){}var go=function(){if(go.done)return;go.done=1;var add=function(tag,set){return function(){var e=d.createElement(tag);set(e);d.head.appendChild(e)}},q=[];f.chunks.forEach(function(h){q.push(add('link',function(p){p.rel='modulepreload';p.crossOrigin='';p.href=h}))});q.push(add('script',function(s){s.type='module';s.crossOrigin='';s.src=f.entry}));(function next(){var t=q.shift();if(t){t();setTimeout(next,0)}})()};requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})(document)";
const loaderHash = createHash('sha256').update(LOADER).digest('base64');

/**
 * The first lines of every page's <head>: until the page is alive, a tap (or Enter or
 * Space) on a button, which only the page's code can work, is held rather than lost. The
 * button is marked `data-waiting` (styles.css shows it is on its way after 100 ms) and
 * `aria-busy`, once however often it is tapped, and pressed again once the page is alive
 * (lib/earlyTaps.ts). A submit button is left to the browser, and a button of a
 * first-visit pop-up's stand-in to the loader (lib/standIn.ts). So is a pop-up form's
 * link (components/PopUpLink.tsx) opened in a new tab; tapped, it is held like a
 * button, and followed to the form's own page if the page is still not alive 10 s later
 * (its scripts may never come). Allowed by its hash too.
 */
const CATCHER = "(function(d,w){var q=w.thewellEarlyTaps=[],h=d.documentElement,alive=function(){return h.hasAttribute('data-hydrated')};d.addEventListener('click',function(e){var t=e.target&&e.target.closest&&e.target.closest('button,a[data-pop-up]');if(!t||t.type==='submit'||t.closest('[data-stand-in]')||alive())return;if(t.href&&(e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey))return;e.preventDefault();e.stopImmediatePropagation();if(q.indexOf(t)<0){q.push(t);t.setAttribute('data-waiting','');t.setAttribute('aria-busy','true');if(t.href)setTimeout(function(){if(!alive())w.location.href=t.href},10000)}},true)})(document,window)";
const catcherHash = createHash('sha256').update(CATCHER).digest('base64');

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const year = new Date().getFullYear();

/**
 * One language's build, read: its prerender entry, its client build's page template
 * (Vite's index.html with what would hold the first paint taken out of <head>), its
 * stylesheet and entry script, and its manifest. Another language's client build is in
 * .dist-<code>/, its hashed files already in dist/assets/ (scripts/languages.mjs).
 */
async function languageBuild({ code, dir }) {
  const out = join(root, clientOutDir(code));
  const ssr = await import(pathToFileURL(join(root, ssrOutDir(code), 'entry-server.js')).href);
  const manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8'));
  const built = readFileSync(join(out, 'index.html'), 'utf8');
  if (!built.includes('<!--app-->') || !built.includes('<!--head-->') || !built.includes('<html lang="en">')) {
    throw new Error(`${clientOutDir(code)}/index.html lacks <html lang="en">, the <!--app--> or the <!--head--> placeholder`);
  }
  // What Vite put in <head> that would hold the first paint: the entry script, its
  // preloads and the stylesheet. They leave <head>: the stylesheet's rules go into the
  // page's <style>, and `loader` fetches the scripts after paint.
  const late = [...built.matchAll(/\s*<(?:script type="module"[^>]*><\/script|link rel="(?:modulepreload|stylesheet)"[^>]*)>/g)].map((m) => m[0].trim());
  const stylesheet = late.find((tag) => tag.startsWith('<link rel="stylesheet"'));
  const entry = late.find((tag) => tag.startsWith('<script'));
  if (!stylesheet || !entry) throw new Error(`${clientOutDir(code)}/index.html lacks the stylesheet or the entry script Vite writes`);
  const template = late
    .reduce((text, tag) => text.replace(tag, ''), built)
    .replace('<html lang="en">', `<html lang="${code}"${dir === 'rtl' ? ' dir="rtl"' : ''}>`);
  const cssFile = /href="\/(assets\/[^"]+\.css)"/.exec(stylesheet)[1];
  if (/<\/style/i.test(readFileSync(join(out, cssFile), 'utf8'))) throw new Error(`${cssFile} holds '</style': it cannot go inside a page's <style>`);
  const entryFile = /src="([^"]+)"/.exec(entry)[1];
  const entryChunks = late.filter((tag) => tag.startsWith('<link rel="modulepreload"')).map((tag) => /href="([^"]+)"/.exec(tag)[1]);
  return { code, ssr, manifest, template, cssFile, entryFile, entryChunks };
}

/** A route's page in one language's build. */
function page(build, path, pageName, popUps = [], standIns = '') {
  const { html, head } = build.ssr.render(path, year);
  const chunks = [...new Set([...build.entryChunks, ...pageChunks(build.manifest, pageName, popUps).map((file) => `/${file}`)])];
  const popUpPhotos = firstVisitPhotos.filter((p) => popUps.includes(p.popUp));
  const code = JSON.stringify({ entry: build.entryFile, chunks, ...(popUpPhotos.length ? { popUpPhotos } : {}) });
  return build.template
    .replace('<!--head-->', `<script>${CATCHER}</script>\n    ${head}\n    <style ${build.ssr.STYLESHEET_MARKER}="/${build.cssFile}"></style>`)
    .replace('<!--app-->', html)
    .replace('</body>', `  ${standIns}<script type="application/json" id="page-code">${code}</script>\n    <script>${LOADER}</script>\n  </body>`);
}

const all = languages();
const builds = [];
for (const language of all) builds.push(await languageBuild(language));
const { routes, site, photoSlots, notePopUpPhotos, localPath } = builds[0].ssr;
// Slots are named after the English, so one list serves every language.
const firstVisitPhotos = await builds[0].ssr.firstVisitPhotos();
for (const build of builds) {
  // English at the root (dist/about/index.html), another language under its code (dist/ur/about/index.html).
  const base = build.code === all[0].code ? dist : join(dist, build.code);
  for (const { path, page: pageName, popUps } of routes) {
    const standIns = popUps ? await build.ssr.firstVisitStandIns(popUps) : '';
    write(path === '/' ? join(base, 'index.html') : join(base, path.slice(1), 'index.html'), page(build, path, pageName, popUps, standIns));
  }
  write(join(base, '404.html'), page(build, '/404', 'NotFound'));
  // The service worker's page for an address not saved on the phone; #app names its path.
  write(join(base, 'offline.html'), page(build, '/offline', 'Offline').replace('<div id="app">', '<div id="app" data-page="/offline">'));
  // How the server writes the gatherings' days and times in this language (src/schedule/words.rs).
  write(join(base, 'gathering-words.json'), JSON.stringify(build.ssr.serverGatheringWords()));
  // The forms' labels and the server's messages about a submission (src/forms/words.rs);
  // English is the server's own.
  if (build.code !== all[0].code) write(join(base, 'form-words.json'), JSON.stringify(build.ssr.serverFormWords()));
  // What the server's parts of pages say (the sermon list, the people pages…: src/page_parts/part_words.rs).
  if (build.code !== all[0].code) write(join(base, 'part-words.json'), JSON.stringify(build.ssr.serverPartWords()));
}
// The places a volunteer's photo can replace a drawing, for `thewell site photos`.
await notePopUpPhotos();
write(join(dist, 'photo-slots.json'), JSON.stringify(photoSlots(), null, 1));
rmSync(join(dist, '.vite'), { recursive: true, force: true });

// For search engines: every route in every language, each naming its versions in the
// others (and English as the one for any other language), and where the list is.
const urls = routes
  .flatMap(({ path }) => {
    const versions = [...all.map(({ code }) => [code, localPath(path, code)]), ['x-default', path]]
      .map(([code, at]) => `\n    <xhtml:link rel="alternate" hreflang="${code}" href="${site.origin}${at}"/>`)
      .join('');
    return all.map(({ code }) => `  <url>\n    <loc>${site.origin}${localPath(path, code)}</loc>${versions}\n  </url>`);
  })
  .join('\n');
write(join(dist, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`);
write(join(dist, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${site.origin}/sitemap.xml\n`);
// The route list for the size script and the browser tests (the server looks for each route's file).
write(join(dist, 'routes.json'), JSON.stringify(routes.map((r) => r.path)));
// The languages other than English, for the server (each one's 404 page is <code>/404.html)
// and the tests: [{ code, name, dir }].
write(join(dist, 'languages.json'), JSON.stringify(all.slice(1)));

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
console.log(`prerendered ${routes.length} routes, the 404 and the offline page in ${all.map((l) => l.code).join(', ')}; compressed ${count} files; the pages' loader is 'sha256-${loaderHash}' and their tap catcher 'sha256-${catcherHash}'`);
