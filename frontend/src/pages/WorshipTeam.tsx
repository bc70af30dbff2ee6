// The worship team: each named member, as the server writes them from the people's
// content files; with no one named yet, one line says so.
import { PageHeading } from '../components/PageHeading';
import { ServerPart } from '../components/ServerPart';
import { worshipTeam } from '../content/people';
import type { RouteMeta } from '../content/routes';
import { Parts } from '../lib/later';

export default function WorshipTeam({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}>{worshipTeam.intro}</PageHeading>
      <ServerPart name="people-worship-team" />
    </Parts>
  );
}
