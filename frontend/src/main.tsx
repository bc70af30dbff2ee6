// The browser entry: fetch the current page's code, then hydrate the prerendered page
// in parts (lib/later.tsx); then what works without a signal (offline/page.ts), and
// the line over a page shown from the phone's copy.
import { hydrate, render } from 'react-dom';
import { App } from './App';
import { SavedLine } from './offline/SavedLine';
import { metaOf, notFoundMeta } from './content/routes';
import { startOffline } from './offline/page';
import { loadPage } from './lib/pageLoader';
import { routeAt } from './lib/router';
import { hydrateInParts } from './lib/later';
import { replayEarlyTaps } from './lib/earlyTaps';
import './styles.css';

// The prerendered page paints before any script works on it, even when the scripts
// come at once from the phone's cache (a frame, or 100 ms in a tab not shown).
const painted = new Promise<void>((resolve) => {
  requestAnimationFrame(() => window.setTimeout(resolve, 0));
  window.setTimeout(resolve, 100);
});

const root = document.getElementById('app');
// The offline page is shown at the address asked for; its #app names its own path.
const path = root?.dataset.page ?? routeAt(window.location.pathname);
const meta = metaOf(path);
if (root) {
  Promise.allSettled([meta !== notFoundMeta ? loadPage(meta.page) : Promise.resolve(), painted]).finally(() => {
    hydrateInParts(() => hydrate(<App path={path} year={new Date().getFullYear()} />, root)).then(() => {
      // Tests (and curious people) can tell when the page has come alive.
      document.documentElement.dataset.hydrated = 'true';
      replayEarlyTaps();
      const { savedAt, savedWhy } = document.documentElement.dataset;
      if (savedAt && !Number.isNaN(Date.parse(savedAt))) {
        const line = document.createElement('div');
        document.body.insertBefore(line, root);
        render(<SavedLine at={new Date(savedAt)} why={savedWhy === 'slow' ? 'slow' : 'offline'} path={path} />, line);
      }
      startOffline();
    });
  });
}
