// Which page component draws which route, loaded on demand in the browser (one
// chunk per page, preloaded by the prerendered HTML) and eagerly when prerendering.
import type { FunctionComponent } from 'preact';
import type { RouteMeta } from '../content/routes';

export type Page = FunctionComponent<{ meta: RouteMeta }>;
type PageModule = { default: Page };

const lazy = import.meta.glob<PageModule>('../pages/*.tsx');
const loaded = new Map<string, Page>();

const nameOf = (file: string) => file.replace(/^.*\//, '').replace(/\.tsx$/, '');

/** Registers eagerly imported pages (the prerender entry does this). */
export function registerPages(modules: Record<string, PageModule>): void {
  for (const [file, module] of Object.entries(modules)) loaded.set(nameOf(file), module.default);
}

/** The component if its chunk is already here, else undefined. */
export function pageIfLoaded(component: string): Page | undefined {
  return loaded.get(component);
}

/** Fetches a page's chunk (once). */
export async function loadPage(component: string): Promise<Page> {
  const ready = loaded.get(component);
  if (ready) return ready;
  const importer = lazy[`../pages/${component}.tsx`];
  if (!importer) throw new Error(`no page file pages/${component}.tsx`);
  const page = (await importer()).default;
  loaded.set(component, page);
  return page;
}
