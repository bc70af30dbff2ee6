// The home page: the hero with the tagline, the ministry's facts, and where to go next.
import { home } from '../content/home';
import { site } from '../content/site';
import { Link } from '../lib/router';

export function Home() {
  return (
    <>
      <section class="relative overflow-hidden bg-sky-950 text-white">
        <svg class="absolute inset-0 h-full w-full opacity-30" viewBox="0 0 800 400" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
          <defs>
            <radialGradient id="glow" cx="50%" cy="100%" r="80%">
              <stop offset="0" stop-color="#38bdf8" />
              <stop offset="1" stop-color="#082f49" stop-opacity="0" />
            </radialGradient>
          </defs>
          <rect width="800" height="400" fill="url(#glow)" />
          {[0, 1, 2, 3].map((i) => (
            <ellipse key={i} cx="400" cy="420" rx={160 + i * 110} ry={50 + i * 34} fill="none" stroke="#bae6fd" stroke-opacity={0.5 - i * 0.1} />
          ))}
        </svg>
        <div class="relative mx-auto max-w-5xl px-4 py-24 text-center sm:px-6 sm:py-32">
          <p class="text-sm font-semibold uppercase tracking-[0.2em] text-amber-300">{home.eyebrow}</p>
          <h1 class="mt-4 font-serif text-4xl font-semibold tracking-tight sm:text-6xl">{site.homeTagline}</h1>
          <p class="mx-auto mt-6 max-w-2xl text-lg text-sky-100">{home.intro}</p>
          <div class="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={home.primary.to} class="rounded-full bg-amber-500 px-7 py-3 font-semibold text-slate-950 hover:bg-amber-400">
              {home.primary.label}
            </Link>
            <Link to={home.secondary.to} class="rounded-full border border-white/70 px-7 py-3 font-semibold text-white hover:bg-white/10">
              {home.secondary.label}
            </Link>
          </div>
        </div>
      </section>

      <section aria-label="Our reach" class="border-b border-slate-200 bg-white">
        <dl class="mx-auto grid max-w-5xl grid-cols-3 gap-4 px-4 py-10 text-center sm:px-6">
          {home.facts.map((fact) => (
            <div key={fact.label}>
              <dt class="sr-only">{fact.label}</dt>
              <dd class="font-serif text-3xl font-semibold text-sky-900 sm:text-4xl">{fact.figure}</dd>
              <dd class="mt-1 text-sm text-slate-600">{fact.label}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section class="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 class="font-serif text-3xl font-semibold">Discover The Well</h2>
        <ul class="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {home.discover.map((card) => (
            <li key={card.to}>
              <Link to={card.to} class="block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md motion-reduce:transition-none">
                <h3 class="font-serif text-xl font-semibold text-sky-900">{card.title}</h3>
                <p class="mt-2 text-slate-600">{card.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
