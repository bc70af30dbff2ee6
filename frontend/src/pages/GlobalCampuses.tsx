// Global campuses: the United States, Pakistan and Europe.
import { Art } from '../components/Art';
import { Section } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { YourTime } from '../components/GatheringTime';
import { globalCampuses as copy } from '../content/campusPages';
import type { RouteMeta } from '../content/routes';
import { Link } from '../lib/router';
import { CampusNotice, Words } from '../lib/words';
import { Parts } from '../lib/later';
import { frame } from '../content/frame';
import { slotted } from '../lib/lang';
import { slotOfPattern } from '../lib/photos';

export default function GlobalCampuses({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}>{copy.intro}</PageHeading>
      <Section>
        <ul class="grid gap-6 md:grid-cols-3">
          {copy.campuses.map((c, i) => (
            <li key={c.to}>
              <Link to={c.to} class="block h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm hover:shadow-md">
                <Art kind={c.kind} alt={slotted(frame.campusCard, { name: c.name })} photo={slotOfPattern(frame.campusCard, { name: c.name })} class="rounded-none" first={i === 0} />
                <div class="p-5">
                  <h2 class="font-serif text-2xl font-semibold text-sky-900">{c.name}</h2>
                  <p class="mt-2 text-slate-700">
                    <Words text={c.text} />
                    <YourTime id={c.scheduleId} />
                    {c.notices.map((id) => (
                      <CampusNotice key={id} of={id} />
                    ))}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
        <p class="mt-10 rounded-2xl bg-amber-100 p-6 text-center font-serif text-2xl font-semibold text-slate-900"><Words text={copy.claim} /></p>
      </Section>
    </Parts>
  );
}
