// The privacy policy and the terms of service: static text, the date, the contact
// email, Plantation, FL, and a way back home; the privacy policy also says how long
// each form is kept when the server keeps some for a set time (`serve --keep`).
import { SetOrSoon } from '../components/SetOrSoon';
import { soon } from '../content/soon';
import { ButtonLink, Section } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { ServerPart } from '../components/ServerPart';
import { legal } from '../content/giving';
import type { RouteMeta } from '../content/routes';
import { Link } from '../lib/router';
import { settings } from '../lib/settings';
import { Parts } from '../lib/later';

export default function Legal({ meta }: { meta: RouteMeta }) {
  const sections = meta.path === '/privacy-policy' ? legal.privacy : legal.terms;
  return (
    <Parts>
      <PageHeading title={meta.heading}>{legal.updated}</PageHeading>
      <Section>
        <div class="max-w-3xl space-y-8">
          {sections.map((s) => (
            <section key={s.heading}>
              <h2 class="font-serif text-2xl font-semibold">{s.heading}</h2>
              <p class="mt-2 text-lg text-slate-700">{s.text}</p>
            </section>
          ))}
          {meta.path === '/privacy-policy' && <ServerPart name="retention" />}
          <p class="text-lg text-slate-700">
            <SetOrSoon
              setting="contactEmail"
              set={
                <>
                  {legal.contactLine}{' '}
                  <a class="text-sky-800 underline underline-offset-2" href={`mailto:${settings.contactEmail}`}>
                    {settings.contactEmail}
                  </a>
                </>
              }
              soon={
                <>
                  {legal.contactSoon}{' '}
                  <Link class="text-sky-800 underline underline-offset-2" to={soon.email.to}>
                    {soon.email.link}
                  </Link>
                </>
              }
            />
            . {legal.place}.
          </p>
          <ButtonLink to="/" look="outline">
            {legal.back}
          </ButtonLink>
        </div>
      </Section>
    </Parts>
  );
}
