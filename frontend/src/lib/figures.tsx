// Figures with their parts kept in the order they are written on a right-to-left
// page: a Bible reference's "3:16-17", a range "18–24", a sum "$12,500", "35%". After
// Arabic letters the digits take the right-to-left order between their parts
// ("3:16-17" drawn as "17-3:16"), so each such figure is isolated left to right, as
// the server isolates those it writes (PartWords::in_order, src/content/part_words.rs;
// one pattern, FIGURE_PATTERN, for both).
import { Fragment } from 'react';
import { FIGURE_PATTERN } from './contract.generated';
import { dir } from './lang';

const FIGURE = new RegExp(FIGURE_PATTERN, 'g');

/** `text` as a page shows it: on a right-to-left page each figure with parts in a
 *  `<bdi dir="ltr">` (digits alone keep their order and are left as they are). */
export function InOrder({ text }: { text: string }) {
  if (dir !== 'rtl') return <>{text}</>;
  const parts: (string | { figure: string })[] = [];
  let at = 0;
  for (const match of text.matchAll(FIGURE)) {
    if (/^[0-9]+$/.test(match[0])) continue;
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push({ figure: match[0] });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <bdi key={i} dir="ltr">
            {part.figure}
          </bdi>
        ),
      )}
    </>
  );
}
