// The sermons preached so far, newest first, exactly as the server wrote them into
// the page from the content files (src/content/sermon_list.rs). The page keeps that HTML
// rather than rendering its own, so it reads the same with and without its script.
import { defaultSermonListHtml } from '../content/content.generated';
import { SERMON_LIST_ID } from '../lib/contract.generated';

// Prerendering writes the built-in list; the browser keeps what the server sent.
const served = import.meta.env.SSR ? defaultSermonListHtml : (document.getElementById(SERMON_LIST_ID)?.innerHTML ?? '');

export function SermonList() {
  return <div id={SERMON_LIST_ID} dangerouslySetInnerHTML={{ __html: served }} />;
}
