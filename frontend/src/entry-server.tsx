// The prerender entry: renders one route to HTML and the head tags that describe it.
import { renderToString } from 'preact-render-to-string';
import { App } from './App';
import { notFoundMeta, routeMeta, routes } from './content/routes';

export { routes };

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function render(path: string, year: number): { html: string; head: string } {
  const meta = routeMeta(path) ?? notFoundMeta;
  const html = renderToString(<App path={path} year={year} />);
  const head = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ].join('\n    ');
  return { html, head };
}
