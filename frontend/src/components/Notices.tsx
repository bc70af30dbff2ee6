// The volunteer's current notices (`thewell notice add`), at the top of every page or
// of their campus's pages: plain text, with a link for more. The server writes the
// same markup into the page it serves (src/page_parts/mod.rs, notices_html), so a
// reader without JavaScript sees them too; each leaves when it expires.
import { useNow } from '../lib/clock';
import { content } from '../lib/content';
import { NOTICES_MARKER } from '../lib/contract.generated';
import { useRouter } from '../lib/router';
import { frame } from '../content/frame';
import { englishIn } from '../lib/words';

export function Notices() {
  const { path } = useRouter();
  // Null while hydrating: the page first shows what the server wrote, then drops what has expired.
  const now = useNow(60_000);
  const shown = content.notices.filter((n) => (n.routes.length === 0 || n.routes.includes(path)) && (!now || Date.parse(n.until) > now.getTime()));
  return (
    <div {...{ [NOTICES_MARKER]: '' }} class="bg-amber-200 text-amber-950 empty:hidden">
      {shown.map((n) => (
        <p key={`${n.until}${n.text}`} class="mx-auto max-w-6xl px-4 py-2 font-medium sm:px-6">
          {/* The volunteer's words as written: English on a page in another language is marked so. */}
          <span lang={englishIn(n, 'text')} dir={englishIn(n, 'text') && 'ltr'}>
            {n.text}
          </span>
          {n.link && (
            <>
              {' '}
              <a href={n.link} class="font-semibold underline underline-offset-2">
                {frame.more}
              </a>
            </>
          )}
        </p>
      ))}
    </div>
  );
}
