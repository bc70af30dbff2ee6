// Beliefs: the thirteen statements and 'Our Hope'.
import { Section } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { beliefs } from '../content/beliefs';
import type { RouteMeta } from '../content/routes';
import { InOrder } from '../lib/figures';
import { Parts } from '../lib/later';

export default function Beliefs({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}>{beliefs.intro}</PageHeading>
      <Section>
        <ol class="grid gap-4 md:grid-cols-2 md:center-lone-last">
          {beliefs.statements.map((b, i) => (
            <li key={b.title} class="rounded-2xl border border-slate-200 bg-white p-6">
              <h2 class="font-serif text-xl font-semibold text-sky-900">
                <span class="text-amber-700">{`${i + 1}.`}</span> {b.title}
              </h2>
              <p class="mt-2 text-slate-700">{b.text}</p>
              <p class="mt-2 text-sm italic text-slate-600 [&:lang(ur)]:not-italic" data-testid="belief-ref">
                <InOrder text={b.ref} />
              </p>
            </li>
          ))}
        </ol>
      </Section>
      <Section tone="tint">
        <figure class="mx-auto max-w-3xl text-center">
          <h2 class="font-serif text-3xl font-semibold">{beliefs.hope.heading}</h2>
          <blockquote class="mt-4 font-serif text-2xl text-slate-800">“{beliefs.hope.quote}”</blockquote>
          <figcaption class="mt-3 text-slate-700" data-testid="belief-ref">
            <InOrder text={beliefs.hope.ref} />
          </figcaption>
        </figure>
      </Section>
    </Parts>
  );
}
