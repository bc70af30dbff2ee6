// The page the service worker shows for an address not saved on this phone while
// there is no signal: what to do, the pages that are saved, the Bible-study times
// (from the schedule saved on the phone) and how to reach the ministry.
import { useEffect, useState } from 'react';
import { container } from '../components/Blocks';
import { GatheringTime } from '../components/GatheringTime';
import { PageHeading } from '../components/PageHeading';
import { ReachUs } from '../components/ReachUs';
import { europeStudy, globalStudy, studyShared } from '../content/bibleStudy';
import { offlineWords } from '../content/offline';
import { offlineMeta, routeMeta } from '../content/routes';
import { ForgetPhone } from '../offline/ForgetPhone';
import { onPhoneChange } from '../offline/page';
import { savedPaths } from '../offline/savedPages';
import { Parts } from '../lib/later';
import { localPath } from '../lib/lang';
import { normalizePath, routeAt } from '../lib/router';

const words = offlineWords.offlinePage;
const studies = [
  { study: globalStudy, path: '/bible-study' },
  { study: europeStudy, path: '/europe-bible-study' },
];

export default function Offline() {
  const [saved, setSaved] = useState<string[] | null>(null);
  useEffect(() => {
    const read = () =>
      savedPaths()
        // This language's pages (another language's have its own offline page).
        .then((paths) => setSaved(paths.filter((p) => routeMeta(routeAt(p)) && normalizePath(localPath(routeAt(p))) === normalizePath(p))))
        .catch(() => setSaved([]));
    void read();
    // Once the phone has forgotten them, the list says so.
    return onPhoneChange(() => void read());
  }, []);
  return (
    <Parts>
      <PageHeading title={offlineMeta.heading}>
        <p>{words.intro}</p>
        <button type="button" class="mt-6 inline-flex min-h-11 items-center rounded-full bg-amber-300 px-6 py-3 font-semibold text-slate-950 hover:bg-amber-200" onClick={() => window.location.reload()}>
          {words.retry}
        </button>
      </PageHeading>
      <div class={`${container} grid gap-12 py-16 lg:grid-cols-3`}>
        <section class="lg:col-span-2 space-y-10">
          <div>
            <h2 class="font-serif text-2xl font-semibold">{words.savedHeading}</h2>
            {saved && saved.length === 0 && <p class="mt-2 text-slate-700">{words.savedNone}</p>}
            <ul class="mt-3 flex flex-wrap gap-3" data-testid="saved-pages">
              {(saved ?? []).map((path) => (
                <li key={path}>
                  {/* A whole page load: the service worker answers with the saved copy, which says so. */}
                  <a href={path} class="inline-flex min-h-11 items-center rounded-full border border-sky-900 px-5 py-2 font-semibold text-sky-900 hover:bg-sky-50">
                    {routeMeta(routeAt(path))?.heading}
                  </a>
                </li>
              ))}
            </ul>
            <ForgetPhone class="mt-4 inline-flex min-h-11 items-center font-semibold text-sky-900 underline underline-offset-2" />
          </div>
          <div>
            <h2 class="font-serif text-2xl font-semibold">{words.studyHeading}</h2>
            <ul class="mt-3 space-y-3" data-testid="offline-study">
              {studies.map(({ study, path }) => (
                <li key={study.scheduleId}>
                  <p class="font-semibold text-slate-900">{routeMeta(path)?.heading}</p>
                  <p class="text-sm text-slate-700">
                    <GatheringTime id={study.scheduleId} fallback={study.schedule} noun={studyShared.noun} next />
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <aside class="space-y-8">
          <ReachUs />
        </aside>
      </div>
    </Parts>
  );
}
