// Get Involved: why serve, the six serving areas, three steps, and the Serve Interest Form.
import { CardGrid, Section } from '../components/Blocks';
import { useModals } from '../components/ModalHost';
import { PageHeading } from '../components/PageHeading';
import { getInvolved as copy } from '../content/ministry';
import type { RouteMeta } from '../content/routes';

export default function GetInvolved({ meta }: { meta: RouteMeta }) {
  const modals = useModals();
  const serveButton = (label: string) => (
    <button type="button" class="rounded-full bg-amber-500 px-6 py-3 font-semibold text-slate-950 hover:bg-amber-400" aria-haspopup="dialog" onClick={() => modals.open('serve')}>
      {label}
    </button>
  );
  return (
    <>
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
        <ol class="grid gap-4 md:grid-cols-3">
          {copy.steps.list.map((s, i) => (
            <li key={s.title} class="rounded-2xl border border-slate-200 bg-white p-6">
              <p class="font-serif text-4xl font-semibold text-amber-700">{i + 1}</p>
              <h3 class="mt-2 font-serif text-xl font-semibold text-sky-900">{s.title}</h3>
              <p class="mt-1 text-slate-700">{s.text}</p>
            </li>
          ))}
        </ol>
        <div class="mt-8">{serveButton(copy.buttonBottom)}</div>
      </Section>
    </>
  );
}
