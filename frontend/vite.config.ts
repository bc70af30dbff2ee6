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
