// The named people of one section as cards; a section with no one named yet says so
// in one line with a link to the contact page, rather than a grid of placeholders.
import { introducedSoon } from '../content/people';
import { PersonCard } from './PersonCard';

export interface Place {
  name: string;
  title: string;
  /** The photo slot of this place. */
  photo: string;
}

/** 'Introduced here soon. Contact us in the meantime.' */
export function IntroducedSoon() {
  return (
    <p class="text-slate-700" data-testid="introduced-soon">
      {introducedSoon.text}{' '}
      <a href="/contact" class="inline-flex min-h-11 items-center font-medium text-sky-800 underline underline-offset-2">
        {introducedSoon.contact}
      </a>{' '}
      {introducedSoon.after}
    </p>
  );
}

export function People({ places, grid }: { places: Place[]; grid: string }) {
  const named = places.filter((p) => p.name);
  if (named.length === 0) return <IntroducedSoon />;
  return (
    <ul class={grid} data-testid="team">
      {named.map((p) => (
        <PersonCard key={p.photo} name={p.name} title={p.title} photo={p.photo} />
      ))}
    </ul>
  );
}
