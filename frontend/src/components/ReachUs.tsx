// How to reach the ministry: its email with the 24-hour promise, and each campus with
// its next gathering (on /contact, and on the offline page).
import { SetOrSoon } from './SetOrSoon';
import { soon } from '../content/soon';
import { Link } from '../lib/router';
import { contact } from '../content/contact';
import { settings } from '../lib/settings';
import { GatheringTime } from './GatheringTime';
import { GatheringNotes, gatheringMark, listed, Words } from '../lib/words';

/** `formHere`: the id of the message form when it is on this page (/contact), which the
 *  words point to while the ministry's email is not set, rather than to the page itself. */
export function ReachUs({ formHere }: { formHere?: string }) {
  const linkClass = 'inline-flex min-h-11 items-center text-sky-800 underline underline-offset-2';
  return (
    <>
      <section>
        <h2 class="font-serif text-2xl font-semibold">{contact.emailHeading}</h2>
        <p class="mt-2">
          <SetOrSoon
            setting="contactEmail"
            set={
              <a href={`mailto:${settings.contactEmail}`} class={linkClass}>
                {settings.contactEmail}
              </a>
            }
            soon={
              <>
                {soon.email.lead}{' '}
                {formHere ? (
                  <a href={`#${formHere}`} class={linkClass}>
                    {soon.email.here}
                  </a>
                ) : (
                  <Link to={soon.email.to} class={linkClass}>
                    {soon.email.link}
                  </Link>
                )}
                .
              </>
            }
          />
        </p>
        <p class="mt-2 text-slate-700">{contact.responseNote}</p>
      </section>
      <section>
        <h2 class="font-serif text-2xl font-semibold">{contact.campusesHeading}</h2>
        <ul class="mt-3 space-y-3">
          {contact.campuses.map((campus) => (
            <li key={campus.name}>
              <p class="font-semibold text-slate-900">{campus.name}</p>
              <p class="text-sm text-slate-700">
                <Words text={campus.place} />
              </p>
              {/* A campus whose gathering has ended is still listed, without a time. */}
              {listed(campus.scheduleId) && (
                <p class="text-sm text-slate-700" {...gatheringMark(campus.scheduleId)}>
                  {campus.scheduleId ? <GatheringTime id={campus.scheduleId} fallback={campus.when} next /> : <Words text={campus.when} />}
                  <GatheringNotes id={campus.scheduleId} />
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
