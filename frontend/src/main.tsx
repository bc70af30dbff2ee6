// The browser entry: fetch the current page's code, then hydrate the prerendered page.
import { hydrate } from 'react-dom';
import { App } from './App';
import { routeMeta } from './content/routes';
import { loadPage } from './lib/pageLoader';
import { normalizePath } from './lib/router';
import './styles.css';

const root = document.getElementById('app');
const path = normalizePath(window.location.pathname);
const meta = routeMeta(path);
if (root) {
  (meta ? loadPage(meta.page) : Promise.resolve()).finally(() => {
    hydrate(<App path={path} year={new Date().getFullYear()} />, root);
    // Tests (and curious people) can tell when the page has come alive.
    document.documentElement.dataset.hydrated = 'true';
  });
}
