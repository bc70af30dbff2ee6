// The global Bible study, on Eastern time.
import { BibleStudy } from '../components/BibleStudy';
import { globalStudy } from '../content/bibleStudy';
import type { RouteMeta } from '../content/routes';

export default function GlobalBibleStudy({ meta }: { meta: RouteMeta }) {
  return <BibleStudy heading={meta.heading} copy={globalStudy} />;
}
