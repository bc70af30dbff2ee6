// The Contact page: the ministry's email, the 24-hour promise, the message form and the campuses.
import { Field, Honeypot, SubmitButton } from '../components/FormParts';
import { PageHeading } from '../components/PageHeading';
import { contact } from '../content/contact';
import { CONTACT_FIELDS as F, type Contact as ContactForm } from '../content/forms.generated';
import type { RouteMeta } from '../content/routes';
import { site } from '../content/site';
import { useForm } from '../lib/useForm';

const empty: ContactForm = { firstName: '', lastName: '', email: '', subject: '', message: '' };

export function Contact({ meta }: { meta: RouteMeta }) {
  const form = useForm('contact', empty, contact.messages);
  const { values, errors } = form;
  const text = (field: keyof ContactForm) => (event: Event) => form.set(field, (event.target as HTMLInputElement).value);

  return (
    <>
      <PageHeading title={meta.heading}>{contact.intro}</PageHeading>
      <div class="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-3">
        <aside class="space-y-8">
          <section>
            <h2 class="font-serif text-2xl font-semibold">{contact.emailHeading}</h2>
            <a href={`mailto:${site.contactEmail}`} class="mt-2 inline-block text-sky-800 underline underline-offset-2">
              {site.contactEmail}
            </a>
            <p class="mt-2 text-slate-700">{contact.responseNote}</p>
          </section>
          <section>
            <h2 class="font-serif text-2xl font-semibold">{contact.campusesHeading}</h2>
            <ul class="mt-3 space-y-3">
              {contact.campuses.map((campus) => (
                <li key={campus.name}>
                  <p class="font-semibold text-slate-900">{campus.name}</p>
                  <p class="text-sm text-slate-700">{campus.detail}</p>
                </li>
              ))}
            </ul>
          </section>
        </aside>
        <section class="lg:col-span-2">
          <h2 class="font-serif text-2xl font-semibold">{contact.formHeading}</h2>
          <form
            class="relative mt-6 grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2"
            onSubmit={(event) => {
              event.preventDefault();
              void form.submit();
            }}
          >
            <Field id="contact-firstName" label={F.firstName.label} required error={errors.firstName}>
              {(p) => <input {...p} name="firstName" autoComplete="given-name" maxLength={F.firstName.maxLength} value={values.firstName} onInput={text('firstName')} />}
            </Field>
            <Field id="contact-lastName" label={F.lastName.label} required error={errors.lastName}>
              {(p) => <input {...p} name="lastName" autoComplete="family-name" maxLength={F.lastName.maxLength} value={values.lastName} onInput={text('lastName')} />}
            </Field>
            <div class="sm:col-span-2">
              <Field id="contact-email" label={F.email.label} required error={errors.email}>
                {(p) => <input {...p} type="email" name="email" autoComplete="email" maxLength={F.email.maxLength} value={values.email} onInput={text('email')} />}
              </Field>
            </div>
            <div class="sm:col-span-2">
              <Field id="contact-subject" label={F.subject.label} required error={errors.subject}>
                {(p) => <input {...p} name="subject" maxLength={F.subject.maxLength} value={values.subject} onInput={text('subject')} />}
              </Field>
            </div>
            <div class="sm:col-span-2">
              <Field id="contact-message" label={F.message.label} required error={errors.message}>
                {(p) => <textarea {...p} name="message" rows={6} maxLength={F.message.maxLength} value={values.message} onInput={text('message')} />}
              </Field>
            </div>
            <Honeypot value={form.honeypot} onInput={form.setHoneypot} />
            <div class="sm:col-span-2">
              <SubmitButton pending={form.submitting} label={contact.submitLabel} pendingLabel={contact.pendingLabel} />
            </div>
          </form>
        </section>
      </div>
    </>
  );
}
