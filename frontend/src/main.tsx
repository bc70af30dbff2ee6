// The browser entry: fetch the current page's code, then hydrate the prerendered page;
// then what works without a signal (lib/offline.ts), and the line over a page shown
// from the phone's copy.
import { hydrate, render } from 'react-dom';
import { App } from './App';
import { SavedLine } from './components/SavedLine';
import { metaOf, notFoundMeta } from './content/routes';
import { startOffline } from './lib/offline';
import { loadPage } from './lib/pageLoader';
import { normalizePath } from './lib/router';
import './styles.css';

const root = document.getElementById('app');
// The offline page is shown at the address asked for; its #app names its own path.
const path = root?.dataset.page ?? normalizePath(window.location.pathname);
const meta = metaOf(path);
if (root) {
  (meta !== notFoundMeta ? loadPage(meta.page) : Promise.resolve()).finally(() => {
    hydrate(<App path={path} year={new Date().getFullYear()} />, root);
    // Tests (and curious people) can tell when the page has come alive.
    document.documentElement.dataset.hydrated = 'true';
    const { savedAt, savedWhy } = document.documentElement.dataset;
    if (savedAt && !Number.isNaN(Date.parse(savedAt))) {
      const line = document.createElement('div');
      document.body.insertBefore(line, root);
      render(<SavedLine at={new Date(savedAt)} why={savedWhy === 'slow' ? 'slow' : 'offline'} path={path} />, line);
    }
    startOffline();
  });
}
