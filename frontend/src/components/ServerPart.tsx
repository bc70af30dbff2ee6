// A part of the page the server writes from the content files, kept exactly as
// the server wrote it, so the page reads the same with and without its script.
// Its words are English (src/content/parts.rs): marked so on another language's page.
import { SERVER_PART_MARKER } from '../lib/contract.generated';
import { partHtml } from '../lib/serverParts';
import { lang, languages } from '../lib/lang';

export function ServerPart({ name }: { name: string }) {
  const mark = { [SERVER_PART_MARKER]: name };
  // The server writes it in English: marked so on a page in another language.
  const english = lang === languages[0].code ? {} : { lang: languages[0].code, dir: 'ltr' as const };
  // A part with nothing to say (no retention set) takes no room in the page's spacing.
  return <div id={name} {...mark} {...english} class="empty:hidden" dangerouslySetInnerHTML={{ __html: partHtml(name) }} />;
}
