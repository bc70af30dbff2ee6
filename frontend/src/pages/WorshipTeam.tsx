// The worship team: nine members, each with a photo placeholder, name and role.
import { Section } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { PersonCard } from '../components/PersonCard';
import { worshipTeam } from '../content/people';
import type { RouteMeta } from '../content/routes';

export default function WorshipTeam({ meta }: { meta: RouteMeta }) {
  return (
    <>
      <PageHeading title={meta.heading}>{worshipTeam.intro}</PageHeading>
      <Section>
        <ul class="grid grid-cols-2 gap-4 max-md:center-lone-last md:grid-cols-3" data-testid="team">
          {worshipTeam.members.map((m, i) => (
            <PersonCard key={i} name={m.name} title={m.role} photo={`worship-team-${i + 1}`} />
          ))}
        </ul>
      </Section>
    </>
  );
}
