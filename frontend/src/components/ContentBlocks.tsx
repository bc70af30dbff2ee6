// Long text from a content file (a sermon's description, an event's text): its
// paragraphs and lists as plain text, so nothing in a file can become markup. On a
// page in another language, text that reads English (a file without words in that
// language) is marked as English (so it reads left to right, and a screen reader
// speaks it as English), under a short line saying so; the server's write_blocks
// (src/content/html.rs) decides alike.
import { frame } from '../content/frame';
import type { Block } from '../lib/content';
import { dir, lang, languages } from '../lib/lang';
import { englishOn } from '../lib/words';

export function ContentBlocks({ blocks, class: className = 'text-slate-700' }: { blocks: Block[]; class?: string }) {
  const text = blocks.map((b, i) =>
    b.list ? (
      <ul key={i} class={`mt-2 list-disc ps-5 ${className}`}>
        {b.items.map((item, j) => (
          <li key={j}>{item}</li>
        ))}
      </ul>
    ) : (
      <p key={i} class={`mt-2 first:mt-0 ${className}`}>
        {b.items[0]}
      </p>
    ),
  );
  if (!englishOn(blocks.map((b) => b.items.join(' ')).join(' '))) return <>{text}</>;
  return (
    <div lang={languages[0].code} dir="ltr">
      <p class="text-sm font-semibold text-slate-600" lang={lang} dir={dir}>
        {frame.inEnglish}
      </p>
      {text}
    </div>
  );
}
