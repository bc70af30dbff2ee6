// Building blocks shared by the pages: sections, cards, and button-styled links,
// internal and external (giving page, church app, meeting: always a new tab).
import type { ComponentChildren } from 'preact';
import { ExternalLink, Link } from '../lib/router';
import { container, sectionHeading, sectionPadding } from '../lib/classes.generated';
import { Words } from '../lib/words';

/** The one column every section, heading, header and footer lines up in (shared with the server's page parts). */
export { container };

export function Section({ title, intro, children, tone = 'plain', id }: { title?: string; intro?: ComponentChildren; children?: ComponentChildren; tone?: 'plain' | 'white' | 'tint'; id?: string }) {
  const bg = tone === 'white' ? 'bg-white' : tone === 'tint' ? 'bg-sky-50' : '';
  return (
    <section id={id} class={bg}>
      <div class={`${container} ${sectionPadding}`}>
        {title && <h2 class={sectionHeading}><Words text={title} /></h2>}
        {intro && <div class="mt-3 max-w-3xl text-lg text-slate-700">{intro}</div>}
        {children && <div class={title || intro ? 'mt-8' : ''}>{children}</div>}
      </div>
    </section>
  );
}

/** A card; its title is an h3 under a section heading, or an h2 (`top`) in a section without one. */
export function Card({ title, children, class: extra = '', top = false }: { title?: ComponentChildren; children?: ComponentChildren; class?: string; top?: boolean }) {
  const Heading = top ? 'h2' : 'h3';
  return (
    <div class={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${extra}`}>
      {title && <Heading class="font-serif text-xl font-semibold text-sky-900">{typeof title === 'string' ? <Words text={title} /> : title}</Heading>}
      {children && <div class={title ? 'mt-2 text-slate-700' : 'text-slate-700'}>{children}</div>}
    </div>
  );
}

/** Cards of a title and a text, three to a row on wide screens (`wide`: two on tablets first). */
export function CardGrid({ items, wide = false, top = false }: { items: readonly { title: string; text: string }[]; wide?: boolean; top?: boolean }) {
  return (
    <div class={`grid gap-4 ${wide ? 'sm:grid-cols-2 lg:grid-cols-3' : 'md:grid-cols-3'}`}>
      {items.map((item) => (
        <Card key={item.title} title={item.title} top={top}>
          <Words text={item.text} />
        </Card>
      ))}
    </div>
  );
}

const solid = 'inline-flex items-center justify-center rounded-full bg-sky-900 px-6 py-3 font-semibold text-white hover:bg-sky-800';
const gold = 'inline-flex items-center justify-center rounded-full bg-amber-500 px-6 py-3 font-semibold text-slate-950 hover:bg-amber-400';
const outline = 'inline-flex items-center justify-center rounded-full border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-800 hover:bg-slate-50';

export const buttonClass = { solid, gold, outline };

export function ButtonLink({ to, children, look = 'solid' }: { to: string; children: ComponentChildren; look?: keyof typeof buttonClass }) {
  return (
    <Link to={to} class={buttonClass[look]}>
      {children}
    </Link>
  );
}

export function ExternalButton({ href, children, look = 'gold' }: { href: string; children: ComponentChildren; look?: keyof typeof buttonClass }) {
  return (
    <ExternalLink href={href} class={buttonClass[look]}>
      {children}
    </ExternalLink>
  );
}

/** A figure and what it counts. */
export function Stat({ figure, label }: { figure: string; label: string }) {
  return (
    <div class="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
      <p class="font-serif text-4xl font-semibold text-sky-900">
        <Words text={figure} />
      </p>
      <p class="mt-1 text-slate-700"><Words text={label} /></p>
    </div>
  );
}

/** The two looks of numbered steps: large numbers on white cards, or smaller on the section's own ground. */
const numberedLooks = {
  steps: { card: 'rounded-2xl border border-slate-200 bg-white p-6', figure: 'font-serif text-4xl font-semibold text-amber-700', heading: 'mt-2 font-serif text-xl font-semibold text-sky-900' },
  plain: { card: 'rounded-2xl border border-slate-200 p-6', figure: 'font-serif text-3xl font-semibold text-amber-700', heading: 'mt-1 font-serif text-xl font-semibold text-sky-900' },
};

/** A numbered list of cards (1, 2, 3 …), each with a title and a line of text. */
export function NumberedCards({ items, grid, look }: { items: readonly { title: string; text: string }[]; grid: string; look: keyof typeof numberedLooks }) {
  const classes = numberedLooks[look];
  return (
    <ol class={grid}>
      {items.map((item, i) => (
        <li key={item.title} class={classes.card}>
          <p class={classes.figure}>{i + 1}</p>
          <h3 class={classes.heading}>{item.title}</h3>
          <p class="mt-1 text-slate-700">{item.text}</p>
        </li>
      ))}
    </ol>
  );
}
