// The Pakistan church and school building: why, why now, the blueprint, and giving.
import { Art } from '../components/Art';
import { ButtonLink, Section, Stat } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { building as copy } from '../content/campusPages';
import type { RouteMeta } from '../content/routes';
import { Words } from '../lib/words';
import { ServerPart } from '../components/ServerPart';
import { Parts } from '../lib/later';

export default function PakistanBuilding({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}><Words text={copy.narrative} /></PageHeading>
      <Section>
        <div class="grid gap-4 sm:grid-cols-2">
          {copy.stats.map((s) => (
            <Stat key={s.label} figure={s.figure} label={s.label} />
          ))}
        </div>
        <ServerPart name="building-progress" />
      </Section>
      <Section title={copy.why.heading} tone="white">
        <ul class="grid gap-3 text-lg text-slate-700">
          {copy.why.points.map((p) => (
            <li key={p} class="flex gap-3">
              <span aria-hidden="true" class="mt-2 h-2 w-2 shrink-0 rounded-full bg-amber-500" />
              {p}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={copy.now.heading} intro={copy.now.text}>
        <Art kind="building" alt={copy.blueprintAlt} ratio="aspect-[16/9]" layout="column" />
        <div class="mt-8">
          <ButtonLink to={copy.give.to} look="gold">
            {copy.give.label}
          </ButtonLink>
        </div>
      </Section>
    </Parts>
  );
}
