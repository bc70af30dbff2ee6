// The prayer request: name and request required (checked before sending: each empty
// one marked beside its field, and the 'Missing Information' toast naming it), phone optional.
import { prayerRequest as copy, formWords } from '../../content/modals';
import { PRAYERREQUEST_FIELDS as F, type PrayerRequest } from '../../content/forms.generated';
import { useForm } from './useForm';
import { FormShell, SubmitButton, TextInput } from '../FormParts';

const empty: PrayerRequest = { name: '', phone: '', prayerRequest: '' };

/** Marks each empty required field, and names only what is missing in the toast. */
function missing(v: PrayerRequest) {
  const noName = !v.name.trim();
  const noRequest = !v.prayerRequest.trim();
  if (!noName && !noRequest) return null;
  const fields: Record<string, string> = {};
  if (noName) fields.name = copy.required.name;
  if (noRequest) fields.prayerRequest = copy.required.prayerRequest;
  const description = noName && noRequest ? copy.missing.both : noName ? copy.missing.name : copy.missing.prayerRequest;
  return { fields, toast: { title: copy.missing.title, description } };
}

/** `onCancel`: a Cancel button beside Send (the pop-up's; its own page has none). */
export function PrayerRequestForm({ onSuccess, onCancel }: { onSuccess: () => void; onCancel?: () => void }) {
  const form = useForm('prayer-request', empty, copy.messages, missing);
  return (
    <FormShell form={form} onSuccess={onSuccess} class="grid gap-4">
      <p class="text-slate-700">{copy.intro}</p>
      <TextInput form={form} field="name" spec={F.name} idPrefix="prayer" autoComplete="name" />
      <TextInput form={form} field="phone" spec={F.phone} idPrefix="prayer" type="tel" autoComplete="tel" placeholder={formWords.phoneExample} />
      <TextInput form={form} field="prayerRequest" spec={F.prayerRequest} idPrefix="prayer" rows={4} />
      <div class="flex flex-wrap justify-end gap-3">
        {onCancel && (
          <button type="button" class="rounded-full border border-slate-300 px-6 py-3 font-semibold text-slate-800 hover:bg-slate-50" onClick={onCancel}>
            {copy.cancel}
          </button>
        )}
        <SubmitButton pending={form.submitting} label={copy.submit} />
      </div>
    </FormShell>
  );
}
