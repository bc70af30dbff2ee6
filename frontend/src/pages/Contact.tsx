// The Contact page: the ministry's email, the 24-hour promise, the message form and the campuses.
import { container } from '../components/Blocks';
import { FormShell, SubmitButton, TextInput } from '../components/FormParts';
import { GatheringTime } from '../components/GatheringTime';
import { PageHeading } from '../components/PageHeading';
import { contact } from '../content/contact';
import { CONTACT_FIELDS as F, type Contact as ContactForm } from '../content/forms.generated';
import type { RouteMeta } from '../content/routes';
import { settings } from '../lib/settings';
import { useForm } from '../lib/useForm';

const empty: ContactForm = { firstName: '', lastName: '', email: '', subject: '', message: '' };

export default function Contact({ meta }: { meta: RouteMeta }) {
  const form = useForm('contact', empty, contact.messages);

  return (
    <>
      <PageHeading title={meta.heading}>{contact.intro}</PageHeading>
      <div class={`${container} grid gap-12 py-16 lg:grid-cols-3`}>
        <aside class="space-y-8">
          <section>
            <h2 class="font-serif text-2xl font-semibold">{contact.emailHeading}</h2>
            <a href={`mailto:${settings.contactEmail}`} class="mt-2 inline-flex min-h-11 items-center text-sky-800 underline underline-offset-2">
              {settings.contactEmail}
            </a>
            <p class="mt-2 text-slate-700">{contact.responseNote}</p>
          </section>
          <section>
            <h2 class="font-serif text-2xl font-semibold">{contact.campusesHeading}</h2>
            <ul class="mt-3 space-y-3">
              {contact.campuses.map((campus) => (
                <li key={campus.name}>
                  <p class="font-semibold text-slate-900">{campus.name}</p>
                  <p class="text-sm text-slate-700">{campus.place}</p>
                  <p class="text-sm text-slate-700">{campus.scheduleId ? <GatheringTime id={campus.scheduleId} fallback={campus.when} next /> : campus.when}</p>
                </li>
              ))}
            </ul>
          </section>
        </aside>
        <section class="lg:col-span-2">
          <h2 class="font-serif text-2xl font-semibold">{contact.formHeading}</h2>
          <FormShell form={form} class="mt-6 grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2">
            <TextInput form={form} field="firstName" spec={F.firstName} idPrefix="contact" autoComplete="given-name" />
            <TextInput form={form} field="lastName" spec={F.lastName} idPrefix="contact" autoComplete="family-name" />
            <div class="sm:col-span-2">
              <TextInput form={form} field="email" spec={F.email} idPrefix="contact" type="email" autoComplete="email" />
            </div>
            <div class="sm:col-span-2">
              <TextInput form={form} field="subject" spec={F.subject} idPrefix="contact" />
            </div>
            <div class="sm:col-span-2">
              <TextInput form={form} field="message" spec={F.message} idPrefix="contact" rows={6} />
            </div>
            <div class="sm:col-span-2">
              <SubmitButton pending={form.submitting} label={contact.submitLabel} pendingLabel={contact.pendingLabel} />
            </div>
          </FormShell>
        </section>
      </div>
    </>
  );
}
