// Long text from a content file (a sermon's description, an event's text): its
// paragraphs and lists as plain text, so nothing in a file can become markup. On a
// page in another language, text shown in English (`lang`: its file gave no words in
// that language, lib/words.tsx's englishIn) is marked as English (so it reads in its
// own direction, and a screen reader speaks it as English), under a short line saying
// so, as the server's write_blocks (src/page_parts/html.rs) writes it.
import { frame } from '../content/frame';
import type { Block } from '../lib/content';
import { dir, lang, languages } from '../lib/lang';

export function ContentBlocks({ blocks, lang: written, class: className = 'text-slate-700' }: { blocks: Block[]; lang?: 'en'; class?: string }) {
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
  if (!written) return <>{text}</>;
  return (
    <div lang={languages[0].code} dir="ltr">
      <p class="text-sm font-semibold text-slate-600" lang={lang} dir={dir}>
        {frame.inEnglish}
      </p>
      {text}
    </div>
  );
}
