// The banner at the top of an inner page: its heading and a one-line summary.
import type { ComponentChildren } from 'preact';
import { container } from './Blocks';

export function PageHeading({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <section class="bg-gradient-to-b from-sky-950 to-sky-900 text-white">
      <div class={`${container} py-14 sm:py-20`}>
        <h1 class="font-serif text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div class="mt-4 max-w-2xl text-lg text-sky-100">{children}</div>}
      </div>
    </section>
  );
}
