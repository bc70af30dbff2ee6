// A route whose full page is still to be built: its heading and summary, so every
// link in the chrome lands on a real page with the right title.
import { PageHeading } from '../components/PageHeading';
import type { RouteMeta } from '../content/routes';

export function Summary({ meta }: { meta: RouteMeta }) {
  return <PageHeading title={meta.heading}>{meta.description}</PageHeading>;
}
