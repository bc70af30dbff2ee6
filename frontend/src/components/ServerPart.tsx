// A part of the page the server writes from the content files, kept exactly as
// the server wrote it, so the page reads the same with and without its script. The
// server writes it in the page's language, a volunteer's English marked English
// (src/page_parts/part_words.rs).
import { SERVER_PART_MARKER } from '../lib/contract.generated';
import { partHtml } from '../lib/serverParts';

export function ServerPart({ name }: { name: string }) {
  const mark = { [SERVER_PART_MARKER]: name };
  // A part with nothing to say (no retention set) takes no room in the page's spacing.
  return <div id={name} {...mark} class="empty:hidden" dangerouslySetInnerHTML={{ __html: partHtml(name) }} />;
}
