// The own page of a pop-up form (/prayer-request, /connect-card, /serve,
// /north-campus, /launch: content/routes.ts, `popUp`): the pop-up's title and words
// over the same form, in the page. It works without script (the browser sends it to
// this address: web/plain_forms.rs) and, alive, as the pop-up's does.
import { useState } from 'react';
import type { FunctionComponent } from 'preact';
import { container } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { LaunchAbout } from '../components/LaunchAbout';
import { ConnectCardForm } from '../components/forms/ConnectCardForm';
import { LaunchForm, LaunchThanks } from '../components/forms/LaunchForm';
import { NorthCampusForm } from '../components/forms/NorthCampusForm';
import { PrayerRequestForm } from '../components/forms/PrayerRequestForm';
import { ServeForm } from '../components/forms/ServeForm';
import { connectCard, launch, northCampus, serve } from '../content/modals';
import type { PopUpForm as Name, RouteMeta } from '../content/routes';
import { Parts } from '../lib/later';

/** The launch's page: what it is beside its form, then 'See you there!' once answered. */
function Launch() {
  const [answered, setAnswered] = useState(false);
  return (
    <div class="grid items-start gap-8 md:grid-cols-2">
      <LaunchAbout layout="half" />
      <div class={card}>
        <h2 class="font-serif text-2xl font-semibold">{launch.formTitle}</h2>
        <div class="mt-4">{answered ? <LaunchThanks /> : <LaunchForm onSuccess={() => setAnswered(true)} />}</div>
      </div>
    </div>
  );
}

const nothing = () => {};
const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

/** Each form's words under the heading, and the form. */
const pages: Record<Name, { subtitle?: string; Form: FunctionComponent }> = {
  // Its pop-up's title holds its subtitle; its form says what it is for.
  'prayer-request': { Form: () => <PrayerRequestForm onSuccess={nothing} /> },
  'connect-card': { subtitle: connectCard.subtitle, Form: () => <ConnectCardForm onSuccess={nothing} /> },
  serve: { subtitle: serve.subtitle, Form: () => <ServeForm onSuccess={nothing} /> },
  'north-campus': { subtitle: northCampus.subtitle, Form: () => <NorthCampusForm onSuccess={nothing} /> },
  launch: { Form: Launch },
};

export default function PopUpForm({ meta }: { meta: RouteMeta }) {
  const { subtitle, Form } = pages[meta.popUp!];
  return (
    <Parts>
      <PageHeading title={meta.heading}>{subtitle}</PageHeading>
      <div class={`${container} py-12`}>
        {/* The launch beside its form, in the column (its photo drawn half of it). */}
        {meta.popUp === 'launch' ? (
          <Form />
        ) : (
          <div class={`max-w-3xl ${card}`}>
            <Form />
          </div>
        )}
      </div>
    </Parts>
  );
}
