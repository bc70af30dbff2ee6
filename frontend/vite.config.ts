import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';

// The client bundle. The SSR build of src/entry-server.tsx (same config, --ssr)
// feeds scripts/prerender.mjs, which writes one HTML file per route into dist/.
export default defineConfig({
  plugins: [preact({ prerender: { enabled: false } }), tailwindcss()],
  build: {
    target: 'es2020',
    outDir: 'dist',
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    // scripts/prerender.mjs reads it to preload each page's chunk, then deletes it.
    manifest: true,
    sourcemap: false,
  },
  ssr: { noExternal: true },
});
