// The About page: the mission to bring Jesus to the marketplace and its five pillars.
import { container } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { about } from '../content/about';
import type { RouteMeta } from '../content/routes';
import { Link } from '../lib/router';
import { Parts } from '../lib/later';

export default function About({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}>{about.mission}</PageHeading>
      <section class={`${container} py-16`}>
        <h2 class="font-serif text-3xl font-semibold">{about.pillarsHeading}</h2>
        <p class="mt-2 text-slate-700">{about.pillarsIntro}</p>
        <ul class="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {about.pillars.map((pillar) => (
            <li key={pillar.name} class="rounded-2xl border border-slate-200 bg-white p-6">
              <h3 class="font-serif text-xl font-semibold text-sky-900">{pillar.name}</h3>
              <p class="mt-2 text-slate-700">{pillar.text}</p>
            </li>
          ))}
        </ul>
        <div class="mt-10 flex flex-wrap gap-3">
          {about.next.map((link) => (
            <Link key={link.to} to={link.to} class="rounded-full bg-sky-900 px-6 py-3 font-semibold text-white hover:bg-sky-800">
              {link.label}
            </Link>
          ))}
        </div>
      </section>
    </Parts>
  );
}
