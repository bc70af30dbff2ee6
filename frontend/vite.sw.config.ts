import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { clientOutDir, languages } from './scripts/languages.mjs';

// The service worker (src/offline/sw.ts), built after the client bundles into dist/sw.js:
// one classic script, no chunks, with the lists of this release's hashed assets (each
// language's, from its build's manifest) written in. A new release's lists differ, so
// its worker is a new file and replaces the old one (the server sends sw.js with no-cache).
const assetsOf = (code: string): string[] => {
  const manifest: Record<string, { file: string; css?: string[] }> = JSON.parse(readFileSync(`${clientOutDir(code)}/.vite/manifest.json`, 'utf8'));
  const files = Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
  return [...new Set(files)].filter((file) => /\.(js|css)$/.test(file)).sort().map((file) => `/${file}`);
};
const assets = Object.fromEntries(languages().map(({ code }) => [code, assetsOf(code)]));

export default defineConfig({
  publicDir: false,
  // The worker's own words (a note for a submission it sent) are English: one worker serves every language.
  define: { __ASSETS__: JSON.stringify(assets), __LANG__: JSON.stringify('en'), __LANGUAGES__: JSON.stringify(languages()) },
  build: {
    target: 'es2020',
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    modulePreload: false,
    rollupOptions: {
      input: 'src/offline/sw.ts',
      output: { format: 'iife', entryFileNames: 'sw.js', inlineDynamicImports: true },
    },
  },
});
