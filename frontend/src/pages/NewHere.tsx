// New Here: welcome, what to expect, planning a visit, the Bible study, and the Connect Card.
import { ButtonLink, Card, CardGrid, Section } from '../components/Blocks';
import { YourTime } from '../components/GatheringTime';
import { PopUpLink } from '../components/PopUpLink';
import { PageHeading } from '../components/PageHeading';
import { newHere as copy } from '../content/ministry';
import type { RouteMeta } from '../content/routes';
import { Words } from '../lib/words';
import { Parts } from '../lib/later';

export default function NewHere({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}>{copy.welcome}</PageHeading>
      <Section title={copy.expect.heading}>
        <CardGrid items={copy.expect.items} />
      </Section>
      <Section title={copy.visit.heading} tone="white">
        <Card title={copy.visit.campus}>
          <dl class="grid gap-3 sm:grid-cols-3">
            {copy.visit.items.map((item) => (
              <div key={item.label}>
                <dt class="font-semibold text-slate-900"><Words text={item.label} /></dt>
                <dd>
                  <Words text={item.detail} />
                  <YourTime id={item.scheduleId} />
                </dd>
              </div>
            ))}
          </dl>
        </Card>
        <p class="mt-6 text-lg text-slate-700"><Words text={copy.study.text} /></p>
        <div class="mt-3">
          <ButtonLink to={copy.study.link.to} look="outline">
            {copy.study.link.label}
          </ButtonLink>
        </div>
      </Section>
      <Section title={copy.connect.heading} intro={copy.connect.text} tone="tint">
        <PopUpLink name="connect-card" class="inline-block rounded-full bg-sky-900 px-6 py-3 font-semibold text-white hover:bg-sky-800">
          {copy.connect.button}
        </PopUpLink>
      </Section>
    </Parts>
  );
}
