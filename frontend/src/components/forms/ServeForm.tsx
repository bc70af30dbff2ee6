// Serve interest: contact details, how to reach the person, the grouped serving
// preferences, availability, a little about them, and consent.
import { serve as copy } from '../../content/modals';
import { SERVEINTEREST_FIELDS as F, SERVICE_PREFERENCE_GROUPS, type ServeInterest } from '../../content/forms.generated';
import { useForm } from './useForm';
import { CheckboxGroup, ConsentAndSubmit, ContactFields, FieldError, FormShell, TextInput, said } from '../FormParts';

const empty: ServeInterest = { firstName: '', lastName: '', email: '', phone: '', contactMethod: [], location: '', servicePreference: [], availability: [], aboutYou: '', consent: false, otherSkills: '' };

export function ServeForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm('serve-interest', empty, copy.messages);
  const p = 'serve';
  const chosen = form.values.servicePreference;
  return (
    <FormShell form={form} onSuccess={onSuccess} class="grid gap-4 sm:grid-cols-2">
      <ContactFields form={form} specs={F} idPrefix={p} />
      <div class="sm:col-span-2">
        <CheckboxGroup id={`${p}-contactMethod`} name="contactMethod" legend={copy.reachBy} options={F.contactMethod.options} values={form.values.contactMethod} onChange={(v) => form.set('contactMethod', v)} error={form.errors.contactMethod} columns />
      </div>
      <div class="sm:col-span-2">
        <TextInput form={form} field="location" spec={F.location} idPrefix={p} autoComplete="address-level2" />
      </div>
      <fieldset class="sm:col-span-2" aria-describedby={form.errors.servicePreference ? `${p}-servicePreference-error` : undefined}>
        <legend class="text-sm font-medium text-slate-800">{said(F.servicePreference.label)}</legend>
        <div class="mt-2 grid gap-4 sm:grid-cols-2">
          {SERVICE_PREFERENCE_GROUPS.map((group, g) => (
            // An odd last group spans the row: never one narrow box alone under two.
            <div key={group.group} class={g === SERVICE_PREFERENCE_GROUPS.length - 1 && g % 2 === 0 ? 'sm:col-span-2' : undefined}>
              <CheckboxGroup
                id={`${p}-pref-${g}`}
                name="servicePreference"
                legend={group.group}
                options={group.options}
                values={chosen.filter((v) => (group.options as readonly string[]).includes(v))}
                onChange={(mine) => form.set('servicePreference', [...chosen.filter((v) => !(group.options as readonly string[]).includes(v)), ...mine])}
              />
            </div>
          ))}
        </div>
        <FieldError id={`${p}-servicePreference-error`} name="servicePreference" message={form.errors.servicePreference} />
      </fieldset>
      <div class="sm:col-span-2">
        <CheckboxGroup id={`${p}-availability`} name="availability" legend={F.availability.label} options={F.availability.options} values={form.values.availability} onChange={(v) => form.set('availability', v)} error={form.errors.availability} columns />
      </div>
      <div class="sm:col-span-2">
        <TextInput form={form} field="aboutYou" spec={F.aboutYou} idPrefix={p} rows={4} />
      </div>
      <div class="sm:col-span-2">
        <TextInput form={form} field="otherSkills" spec={F.otherSkills} idPrefix={p} rows={3} />
      </div>
      <ConsentAndSubmit form={form} idPrefix={p} consent={copy.consent} submit={copy.submit} />
    </FormShell>
  );
}
