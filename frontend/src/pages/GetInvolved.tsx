// Get Involved: why serve, the six serving areas, three steps, and the Serve Interest Form.
import { CardGrid, NumberedCards, Section } from '../components/Blocks';
import { PopUpLink } from '../components/PopUpLink';
import { PageHeading } from '../components/PageHeading';
import { getInvolved as copy } from '../content/ministry';
import type { RouteMeta } from '../content/routes';
import { Parts } from '../lib/later';

export default function GetInvolved({ meta }: { meta: RouteMeta }) {
  const serveButton = (label: string) => (
    <PopUpLink name="serve" class="inline-block rounded-full bg-amber-500 px-6 py-3 font-semibold text-slate-950 hover:bg-amber-400">
      {label}
    </PopUpLink>
  );
  return (
    <Parts>
      <PageHeading title={meta.heading}>
        <p>{copy.intro}</p>
        <div class="mt-6">{serveButton(copy.button)}</div>
      </PageHeading>
      <Section title={copy.why.heading}>
        <CardGrid items={copy.why.reasons} />
      </Section>
      <Section title={copy.areas.heading} tone="white">
        <CardGrid items={copy.areas.list} wide />
      </Section>
      <Section title={copy.steps.heading}>
        <NumberedCards items={copy.steps.list} grid="grid gap-4 md:grid-cols-3" look="steps" />
        <div class="mt-8">{serveButton(copy.buttonBottom)}</div>
      </Section>
    </Parts>
  );
}
