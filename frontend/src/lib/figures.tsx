// Figures with their parts kept in the order they are written on a right-to-left
// page: a Bible reference's "3:16-17", a range "18–24", a sum "$12,500", "35%". After
// Arabic letters the digits take the right-to-left order between their parts
// ("3:16-17" drawn as "17-3:16"), so each such figure is isolated left to right, as
// the server isolates those it writes (PartWords::in_order, src/page_parts/part_words.rs;
// one pattern, FIGURE_PATTERN, for both).
import { Fragment } from 'react';
import { FIGURE_PATTERN } from './contract.generated';
import { dir } from './lang';
import { cut } from './words';

const FIGURE = new RegExp(FIGURE_PATTERN, 'g');

/** `text` as a page shows it: on a right-to-left page each figure with parts in a
 *  `<bdi dir="ltr">` (digits alone keep their order and are left as they are). */
export function InOrder({ text }: { text: string }) {
  if (dir !== 'rtl') return <>{text}</>;
  const parts = cut(text, FIGURE, ([figure]) => (/^[0-9]+$/.test(figure) ? undefined : { figure }));
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
