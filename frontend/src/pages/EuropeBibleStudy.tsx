// The Europe Bible study, on Berlin time.
import { BibleStudy } from '../components/BibleStudy';
import { europeStudy } from '../content/bibleStudy';
import type { RouteMeta } from '../content/routes';

export default function EuropeBibleStudy({ meta }: { meta: RouteMeta }) {
  return <BibleStudy heading={meta.heading} copy={europeStudy} />;
}
