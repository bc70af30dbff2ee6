// The worship team: each named member with a photo (or its drawing), name and role;
// with no one named yet, one line says so.
import { Section } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { People } from '../components/People';
import { worshipTeam } from '../content/people';
import type { RouteMeta } from '../content/routes';

export default function WorshipTeam({ meta }: { meta: RouteMeta }) {
  return (
    <>
      <PageHeading title={meta.heading}>{worshipTeam.intro}</PageHeading>
      <Section>
        <People
          grid="grid grid-cols-2 gap-4 max-md:center-lone-last md:grid-cols-3"
          places={worshipTeam.members.map((m, i) => ({ name: m.name, title: m.role, photo: `worship-team-${i + 1}` }))}
        />
      </Section>
    </>
  );
}
