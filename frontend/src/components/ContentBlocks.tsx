// Long text from a content file (a sermon's description, an event's text): its
// paragraphs and lists as plain text, so nothing in a file can become markup.
import type { Block } from '../lib/content';

export function ContentBlocks({ blocks, class: className = 'text-slate-700' }: { blocks: Block[]; class?: string }) {
  return (
    <>
      {blocks.map((b, i) =>
        b.list ? (
          <ul key={i} class={`mt-2 list-disc pl-5 ${className}`}>
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i} class={`mt-2 first:mt-0 ${className}`}>
            {b.items[0]}
          </p>
        ),
      )}
    </>
  );
}
