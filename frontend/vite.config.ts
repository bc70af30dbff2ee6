import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { buildLanguage, clientOutDir, languagePlugin, languages } from './scripts/languages.mjs';

// The client bundle of one language (THEWELL_LANG, English by default; see
// scripts/languages.mjs). The SSR build of src/entry-server.tsx (same config, --ssr)
// feeds scripts/prerender.mjs, which writes one HTML file per route into dist/.
const lang = buildLanguage();

export default defineConfig({
  plugins: [preact({ prerender: { enabled: false } }), tailwindcss(), languagePlugin(lang)],
  define: { __LANG__: JSON.stringify(lang), __LANGUAGES__: JSON.stringify(languages()) },
  build: {
    target: 'es2020',
    // The stylesheet is written for the browsers that read CSS cascade layers
    // (@layer), which Tailwind 4 wraps every rule in: older ones ignore all of it, so
    // lowering for them (build.target's es2020 meant Chrome 80: each start-*/end-* rule
    // four times over with 30 right-to-left :lang() tests) only made every page 400
    // bytes heavier. Safari 15.4 keeps iPhones held at iOS 15 laid out (min-width
    // queries for the range syntax, colours without color-mix).
    cssTarget: ['chrome99', 'edge99', 'firefox97', 'safari15.4'],
    outDir: clientOutDir(lang),
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    // scripts/prerender.mjs reads it to preload each page's chunk, then deletes it.
    manifest: true,
    sourcemap: false,
  },
  ssr: { noExternal: true },
});
