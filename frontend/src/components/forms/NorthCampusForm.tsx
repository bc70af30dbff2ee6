// North Campus interest: names and email required, interests to tick, consent required.
import { northCampus as copy } from '../../content/modals';
import { NORTHCAMPUSINTEREST_FIELDS as F, type NorthCampusInterest } from '../../content/forms.generated';
import { useForm } from './useForm';
import { CheckboxGroup, ConsentAndSubmit, ContactFields, FormShell, TextInput } from '../FormParts';

const empty: NorthCampusInterest = { firstName: '', lastName: '', email: '', phone: '', location: '', interests: [], hearAbout: '', questions: '', consent: false };

export function NorthCampusForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm('north-campus-interest', empty, copy.messages);
  const p = 'north';
  return (
    <FormShell form={form} onSuccess={onSuccess} class="grid gap-4 sm:grid-cols-2">
      <p class="text-slate-700 sm:col-span-2">{copy.intro}</p>
      <ContactFields form={form} specs={F} idPrefix={p} />
      <div class="sm:col-span-2">
        <TextInput form={form} field="location" spec={{ ...F.location, label: copy.location }} idPrefix={p} autoComplete="address-level2" />
      </div>
      <div class="sm:col-span-2">
        <CheckboxGroup id={`${p}-interests`} name="interests" legend={copy.interests} options={F.interests.options} values={form.values.interests} onChange={(v) => form.set('interests', v)} error={form.errors.interests} />
      </div>
      <div class="sm:col-span-2">
        <TextInput form={form} field="hearAbout" spec={F.hearAbout} idPrefix={p} rows={2} />
      </div>
      <div class="sm:col-span-2">
        <TextInput form={form} field="questions" spec={F.questions} idPrefix={p} rows={3} />
      </div>
      <ConsentAndSubmit form={form} idPrefix={p} consent={copy.consent} submit={copy.submit} />
    </FormShell>
  );
}
