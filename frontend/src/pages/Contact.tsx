// The Contact page: how to reach the ministry (its email, the campuses) and the message form.
import { container } from '../components/Blocks';
import { FormShell, SubmitButton, TextInput } from '../components/FormParts';
import { PageHeading } from '../components/PageHeading';
import { ReachUs } from '../components/ReachUs';
import { contact } from '../content/contact';
import { CONTACT_FIELDS as F, type Contact as ContactForm } from '../content/forms.generated';
import type { RouteMeta } from '../content/routes';
import { useForm } from '../components/forms/useForm';
import { Parts } from '../lib/later';

/** The message form's heading, which the words about writing to us point to. */
const FORM_ID = 'send-a-message';

const empty: ContactForm = { firstName: '', lastName: '', email: '', subject: '', message: '' };

export default function Contact({ meta }: { meta: RouteMeta }) {
  const form = useForm('contact', empty, contact.messages);

  return (
    <Parts>
      <PageHeading title={meta.heading}>{contact.intro}</PageHeading>
      <div class={`${container} grid gap-12 py-16 lg:grid-cols-3`}>
        <aside class="space-y-8">
          <ReachUs formHere={FORM_ID} />
        </aside>
        <section class="lg:col-span-2">
          <h2 id={FORM_ID} class="scroll-mt-24 font-serif text-2xl font-semibold">
            {contact.formHeading}
          </h2>
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
    </Parts>
  );
}
