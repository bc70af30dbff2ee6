// The launch-event RSVP: name (2+), phone (10+) and a valid email, with the
// server's own messages (src/forms/words.rs) shown beside each field before anything is sent.
import { launch as copy, formWords } from '../../content/modals';
import { CHURCHLAUNCHRESPONSE_FIELDS as F, MESSAGE_WORDS, type ChurchLaunchResponse } from '../../content/forms.generated';
import { useForm } from './useForm';
import { FormShell, SubmitButton, TextInput } from '../FormParts';

const empty: ChurchLaunchResponse = { name: '', phone: '', email: '' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function check(v: ChurchLaunchResponse) {
  const fields: Record<string, string> = {};
  if (v.name.trim().length < 2) fields.name = MESSAGE_WORDS.rsvpNameShort;
  if (v.phone.trim().length < 10) fields.phone = MESSAGE_WORDS.rsvpPhoneShort;
  if (!EMAIL.test(v.email.trim())) fields.email = MESSAGE_WORDS.rsvpEmailInvalid;
  return Object.keys(fields).length ? { fields } : null;
}

export function LaunchForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm('church-launch-response', empty, copy.messages, check);
  return (
    <FormShell form={form} onSuccess={onSuccess} noValidate class="grid gap-4">
      <TextInput form={form} field="name" spec={F.name} idPrefix="launch" autoComplete="name" />
      <TextInput form={form} field="phone" spec={F.phone} idPrefix="launch" type="tel" autoComplete="tel" placeholder={formWords.phoneExample} />
      <TextInput form={form} field="email" spec={F.email} idPrefix="launch" type="email" autoComplete="email" />
      <SubmitButton pending={form.submitting} label={copy.submit} />
    </FormShell>
  );
}

/** After the answer is stored: 'See you there!', and `done` (closing the pop-up) when given. */
export function LaunchThanks({ onDone }: { onDone?: () => void }) {
  return (
    <div class="text-center" role="status">
      <p class="text-sm font-semibold tracking-[0.2em] text-amber-800">{copy.thanks.eyebrow}</p>
      <p class="mt-2 font-serif text-3xl font-semibold text-sky-900">{copy.thanks.heading}</p>
      <p class="mt-3 text-slate-700">{copy.thanks.text}</p>
      {onDone && (
        <button type="button" class="mt-5 rounded-full bg-sky-900 px-6 py-3 font-semibold text-white hover:bg-sky-800" onClick={onDone}>
          {copy.done}
        </button>
      )}
    </div>
  );
}
