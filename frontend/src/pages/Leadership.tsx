// Leadership: each section of leaders with its named people, as the server writes
// them from the people's content files; with no one named, one line says so.
import { PageHeading } from '../components/PageHeading';
import { ServerPart } from '../components/ServerPart';
import { leadership } from '../content/people';
import type { RouteMeta } from '../content/routes';
import { Parts } from '../lib/later';

export default function Leadership({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}>{leadership.intro}</PageHeading>
      <ServerPart name="people-leadership" />
    </Parts>
  );
}
