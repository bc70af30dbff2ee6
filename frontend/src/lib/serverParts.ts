// The parts of pages the server writes from the content files (src/page_parts/mod.rs):
// the /media list of sermons, the people of /leadership and /worship-team. A page
// keeps the server's HTML: read from the page it was served with, or fetched with
// the page a client-side navigation goes to. Prerendering writes the built-in HTML.
import { defaultPartHtml, serverParts } from '../content/content.generated';
import { SERVER_PART_MARKER } from './contract.generated';
import { localPath } from './lang';

const known = new Map<string, string>();

function collect(root: ParentNode): void {
  root.querySelectorAll(`[${SERVER_PART_MARKER}]`).forEach((el) => {
    known.set(el.getAttribute(SERVER_PART_MARKER) ?? '', el.innerHTML);
  });
}

if (!import.meta.env.SSR && typeof document !== 'undefined') collect(document);

/** The inner HTML of part `name`, as the server wrote it. */
export function partHtml(name: string): string {
  return import.meta.env.SSR ? (defaultPartHtml[name] ?? '') : (known.get(name) ?? '');
}

/**
 * Before a client-side navigation shows `path`: fetches its page for the parts the
 * server writes in it. Rejects (the router then loads the page itself) only when a
 * part was never seen and cannot be fetched.
 */
export async function prepareParts(path: string): Promise<void> {
  const parts = serverParts.filter((p) => p.path === path);
  if (parts.length === 0) return;
  try {
    // The page in this build's language: the server writes its parts in it.
    const response = await fetch(localPath(path), { headers: { accept: 'text/html' } });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    collect(new DOMParser().parseFromString(await response.text(), 'text/html'));
  } catch (error) {
    if (parts.some((p) => !known.has(p.name))) throw error;
  }
}
