// Leadership: each section of leaders, each named person with a name, a title and a
// photo (or its drawing); a section with no one named yet says so in one line, and
// with no one named at all, the page says it once.
import { Section } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { IntroducedSoon, People } from '../components/People';
import { leadership } from '../content/people';
import type { RouteMeta } from '../content/routes';
import { slotName } from '../lib/photos';

export default function Leadership({ meta }: { meta: RouteMeta }) {
  const anyoneNamed = leadership.sections.some((s) => s.people.some((p) => p.name));
  return (
    <>
      <PageHeading title={meta.heading}>{leadership.intro}</PageHeading>
      {!anyoneNamed && (
        <Section>
          <IntroducedSoon />
        </Section>
      )}
      {anyoneNamed && leadership.sections.map((section, i) => (
        <Section key={section.heading} title={section.heading} tone={i % 2 ? 'white' : 'plain'}>
          <People
            grid="grid grid-cols-2 gap-4 max-md:center-lone-last md:grid-cols-4"
            places={section.people.map((p, j) => ({ ...p, photo: `leader-${slotName(section.heading)}-${j + 1}` }))}
          />
        </Section>
      ))}
    </>
  );
}
