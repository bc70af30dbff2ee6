// Leadership: each section of leaders, each person with a name, a title and a photo placeholder.
import { Section } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { PersonCard } from '../components/PersonCard';
import { leadership } from '../content/people';
import type { RouteMeta } from '../content/routes';
import { slotName } from '../lib/photos';

export default function Leadership({ meta }: { meta: RouteMeta }) {
  return (
    <>
      <PageHeading title={meta.heading}>{leadership.intro}</PageHeading>
      {leadership.sections.map((section, i) => (
        <Section key={section.heading} title={section.heading} tone={i % 2 ? 'white' : 'plain'}>
          <ul class="grid grid-cols-2 gap-4 max-md:center-lone-last md:grid-cols-4">
            {section.people.map((p, j) => (
              <PersonCard key={j} name={p.name} title={p.title} photo={`leader-${slotName(section.heading)}-${j + 1}`} />
            ))}
          </ul>
        </Section>
      ))}
    </>
  );
}
