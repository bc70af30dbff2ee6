// United States: South Florida and North campuses, galleries, and the online Bible study.
import { Art } from '../components/Art';
import { ButtonLink, Card, Section } from '../components/Blocks';
import { CountryNavigator } from '../components/CountryNavigator';
import { useModals } from '../components/ModalHost';
import { PageHeading } from '../components/PageHeading';
import { unitedStates as copy } from '../content/campusPages';
import type { RouteMeta } from '../content/routes';

function Gallery({ photos }: { photos: readonly { kind: 'worship' | 'bible' | 'people' | 'sunrise'; alt: string }[] }) {
  return (
    <div class="grid gap-4 sm:grid-cols-3">
      {photos.map((p) => (
        <Art key={p.alt} kind={p.kind} alt={p.alt} />
      ))}
    </div>
  );
}

export default function UnitedStates({ meta }: { meta: RouteMeta }) {
  const modals = useModals();
  return (
    <>
      <PageHeading title={meta.heading}>{copy.intro}</PageHeading>
      <div class="pt-10">
        <CountryNavigator />
      </div>
      <Section title={copy.galleryHeading}>
        <Gallery photos={copy.gallery} />
      </Section>
      <Section tone="white">
        <div class="grid gap-6 md:grid-cols-2">
          {[copy.south, copy.north].map((campus) => (
            <Card key={campus.heading} title={campus.heading}>
              <p class="font-medium text-slate-800">{campus.place}</p>
              <dl class="mt-3 grid gap-2">
                {campus.items.map((item) => (
                  <div key={item.label}>
                    <dt class="font-semibold text-slate-900">{item.label}</dt>
                    <dd>{item.detail}</dd>
                  </div>
                ))}
              </dl>
              {campus === copy.north && (
                <button type="button" class="mt-5 rounded-full bg-sky-900 px-6 py-3 font-semibold text-white hover:bg-sky-800" onClick={() => modals.open('north-campus')}>
                  {copy.north.button}
                </button>
              )}
            </Card>
          ))}
        </div>
      </Section>
      <Section title={copy.online.heading} intro={copy.online.text} tone="tint">
        <ButtonLink to={copy.online.link.to}>{copy.online.link.label}</ButtonLink>
      </Section>
      <Section title={copy.communityHeading}>
        <Gallery photos={copy.community} />
      </Section>
    </>
  );
}
