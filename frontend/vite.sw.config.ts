import { readdirSync } from 'node:fs';
import { defineConfig } from 'vite';

// The service worker (src/offline/sw.ts), built after the client bundle into dist/sw.js:
// one classic script, no chunks, with the list of this release's hashed assets
// written in. A new release's list differs, so its worker is a new file and replaces
// the old one (the server sends sw.js with no-cache).
const assets = readdirSync('dist/assets')
  .filter((name) => /\.(js|css)$/.test(name))
  .sort()
  .map((name) => `/assets/${name}`);

export default defineConfig({
  publicDir: false,
  define: { __ASSETS__: JSON.stringify(assets) },
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
