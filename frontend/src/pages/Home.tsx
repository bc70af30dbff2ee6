// The home page: hero, live Bible-study banner, discovery cards, community life, global
// impact, the Pakistan building, the Bible-study promotion, and the pop-up sequence.
import { useEffect, useState } from 'react';
import { Art } from '../components/Art';
import { ButtonLink, container, Section, Stat } from '../components/Blocks';
import { Gallery } from '../components/Gallery';
import { GatheringTime, YourTime } from '../components/GatheringTime';
import { HeroVideo } from '../components/HeroVideo';
import { useModals } from '../components/ModalHost';
import { home } from '../content/home';
import { site } from '../content/layout';
import { launchIsOver } from '../lib/content';
import { Link } from '../lib/router';
import { localPath } from '../lib/lang';
import { useGathering } from '../lib/schedule';
import { flags, welcomeState } from '../lib/welcome';
import { GatheringNotes, Words } from '../lib/words';
import { ServerPart } from '../components/ServerPart';
import { Parts } from '../lib/later';

/** The first-visit sequence: launch RSVP first, then the welcome, then its minimized button. */
function usePopupSequence() {
  const modals = useModals();
  const [minimized, setMinimized] = useState(false);

  const openWelcome = () => {
    setMinimized(false);
    modals.open('welcome', () => {
      flags.markWelcome();
      setMinimized(welcomeState.takeMinimize());
    });
  };

  useEffect(() => {
    // A launch whose day is over is not announced any more (content/launch.md).
    if (!flags.seenLaunch() && !launchIsOver(new Date())) {
      modals.open('launch', () => {
        flags.markLaunch();
        if (!flags.seenWelcome()) openWelcome();
        else setMinimized(true);
      });
    } else if (!flags.seenWelcome()) openWelcome();
    else setMinimized(true);
  }, []);

  return { minimized, openWelcome };
}

export default function Home() {
  const modals = useModals();
  const studyLive = useGathering(home.liveBanner.scheduleId)?.live ?? false;
  const { minimized, openWelcome } = usePopupSequence();
  return (
    <Parts>
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
        <HeroVideo />
        <div class="relative mx-auto max-w-5xl px-4 py-24 text-center sm:px-6 sm:py-32">
          <p class="text-sm font-semibold uppercase tracking-[0.2em] text-amber-300">{home.eyebrow}</p>
          <h1 class="mt-4 font-serif text-4xl font-semibold tracking-tight sm:text-6xl">{site.homeTagline}</h1>
          <p class="mx-auto mt-6 max-w-2xl text-lg text-sky-100">{home.intro}</p>
          <div class="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={home.joinInPerson.to} class="rounded-full bg-amber-500 px-7 py-3 font-semibold text-slate-950 hover:bg-amber-400">
              {home.joinInPerson.label}
            </Link>
            <button type="button" class="rounded-full border border-white/70 px-7 py-3 font-semibold text-white hover:bg-white/10" aria-haspopup="dialog" data-needs-script onClick={() => modals.open('sermon')}>
              {home.watchNow}
            </button>
          </div>
          {/* The launch's pop-up opens by itself, with script; without, this link to its page shows. */}
          {/* Tailwind's base makes [hidden] win over any later rule: hidden by a class instead. */}
          <p data-without-script class="mt-6 hidden">
            <a href={localPath('/launch')} class="inline-flex min-h-11 items-center font-semibold text-amber-200 underline underline-offset-4 hover:text-white">
              {home.launchLink}
            </a>
          </p>
          {/* Under the hero's buttons below 1536 px, where a floating pill would cover text; floating in the wide margin above. */}
          {minimized && (
            <button
              type="button"
              data-testid="welcome-minimized"
              data-varies
              class="mx-auto mt-6 inline-flex min-h-11 items-center rounded-full px-5 font-semibold text-amber-200 underline underline-offset-4 hover:text-white 2xl:fixed 2xl:bottom-4 2xl:start-4 2xl:z-30 2xl:mt-0 2xl:bg-sky-900 2xl:py-3 2xl:text-white 2xl:no-underline 2xl:shadow-lg 2xl:hover:bg-sky-800"
              aria-haspopup="dialog"
              onClick={openWelcome}
            >
              {home.minimizedWelcome}
            </button>
          )}
        </div>
      </section>

      <div class="bg-amber-100">
        <div class={`${container} flex flex-col items-center justify-between gap-3 py-4 text-center sm:flex-row sm:text-start`}>
          <p class="font-medium text-slate-900" data-testid="live-banner">
            {studyLive ? (
              <strong>{home.liveBanner.live}</strong>
            ) : (
              <>
                {home.liveBanner.next} <GatheringTime id={home.liveBanner.scheduleId} fallback={home.liveBanner.fallback} noun={home.liveBanner.noun} />
              </>
            )}
          </p>
          <ButtonLink to={home.liveBanner.to}>{home.liveBanner.label}</ButtonLink>
        </div>
      </div>

      <Section title={home.discoverHeading}>
        {/* Seven cards, the first two columns wide: full rows at two columns and at four. */}
        <ul class="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {home.discover.map((card, i) => (
            <li key={card.to} class={i === 0 ? 'sm:col-span-2' : undefined}>
              <Link to={card.to} class="block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md motion-reduce:transition-none">
                <h3 class="font-serif text-xl font-semibold text-sky-900">{card.title}</h3>
                <p class="mt-2 text-slate-700">
                  <Words text={card.text} />
                  <YourTime id={card.scheduleId} />
                </p>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={home.community.heading} intro={home.community.intro} tone="white">
        <Gallery items={home.community.photos} />
      </Section>

      <Section title={home.impact.heading} intro={home.impact.intro}>
        <div class="grid gap-4 sm:grid-cols-2">
          {home.impact.stats.map((s) => (
            <Stat key={s.label} figure={s.figure} label={s.label} />
          ))}
        </div>
        <div class="mt-6">
          <ButtonLink to={home.impact.link.to} look="outline">
            {home.impact.link.label}
          </ButtonLink>
        </div>
      </Section>

      <Section tone="tint">
        <div class="grid items-center gap-8 md:grid-cols-2">
          <Art kind="building" alt={home.building.picture} class="order-last md:order-none" layout="half" />
          <div>
            <h2 class="font-serif text-3xl font-semibold">{home.building.heading}</h2>
            <p class="mt-3 text-lg text-slate-700"><Words text={home.building.text} /></p>
            <ServerPart name="building-progress" />
            <div class="mt-6 flex flex-wrap gap-3">
              <ButtonLink to={home.building.learnMore.to} look="outline">
                {home.building.learnMore.label}
                <span class="sr-only">{home.building.learnMore.context}</span>
              </ButtonLink>
              <ButtonLink to={home.building.giveNow.to} look="gold">
                {home.building.giveNow.label}
              </ButtonLink>
            </div>
          </div>
        </div>
      </Section>

      <Section title={home.promo.heading}>
        <ul class="grid gap-4 md:grid-cols-3">
          {home.promo.items.map((item) => (
            <li key={item.where} class="rounded-2xl border border-slate-200 bg-white p-6">
              <p class="font-serif text-xl font-semibold text-sky-900"><Words text={item.when} /></p>
              <p class="mt-1 text-slate-700"><Words text={item.where} /></p>
              <p class="mt-2 text-sm text-slate-700">
                <GatheringTime id={item.scheduleId} fallback="" />
                <GatheringNotes id={item.scheduleId} />
              </p>
            </li>
          ))}
        </ul>
        <div class="mt-6">
          <ButtonLink to={home.promo.link.to}>{home.promo.link.label}</ButtonLink>
        </div>
      </Section>

    </Parts>
  );
}
