// The Connect Card: contact details, how the visitor came, an age group that clears
// on a second tick, next steps, a prayer request and consent.
import { connectCard as copy, formWords } from '../../content/modals';
import { CONNECTCARD_FIELDS as F, type ConnectCard } from '../../content/forms.generated';
import { useForm } from './useForm';
import { CheckboxGroup, ConsentAndSubmit, ContactFields, Field, FormShell, RadioGroup, TextInput, valueOf } from '../FormParts';

const empty: ConnectCard = { firstName: '', lastName: '', phone: '', email: '', location: '', serviceInfo: [], ageGroup: '', howDidYouHear: '', nextSteps: [], prayerRequest: '', consent: false };

export function ConnectCardForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm('connect-card', empty, copy.messages);
  const p = 'connect';
  return (
    <FormShell form={form} onSuccess={onSuccess} class="grid gap-4 sm:grid-cols-2">
      <ContactFields form={form} specs={F} idPrefix={p} phoneFirst />
      <div class="sm:col-span-2">
        <TextInput form={form} field="location" spec={F.location} idPrefix={p} autoComplete="address-level2" />
      </div>
      <div class="sm:col-span-2">
        <CheckboxGroup id={`${p}-serviceInfo`} name="serviceInfo" legend={copy.aboutYourVisit} options={F.serviceInfo.options} values={form.values.serviceInfo} onChange={(v) => form.set('serviceInfo', v)} error={form.errors.serviceInfo} />
      </div>
      <div class="sm:col-span-2">
        <RadioGroup id={`${p}-ageGroup`} name="ageGroup" legend={F.ageGroup.label} options={F.ageGroup.options} value={form.values.ageGroup} onChange={(v) => form.set('ageGroup', v as ConnectCard['ageGroup'])} error={form.errors.ageGroup} columns />
      </div>
      <div class="sm:col-span-2">
        <Field id={`${p}-howDidYouHear`} name="howDidYouHear" label={F.howDidYouHear.label} error={form.errors.howDidYouHear}>
          {(props) => (
            <select {...props} name="howDidYouHear" value={form.values.howDidYouHear} onChange={(e) => form.set('howDidYouHear', valueOf(e) as ConnectCard['howDidYouHear'])}>
              <option value="">{formWords.chooseOne}</option>
              {F.howDidYouHear.options.map((o) => (
                <option key={o} value={o}>
                  {copy.howDidYouHearLabels[o] ?? o}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div class="sm:col-span-2">
        <CheckboxGroup id={`${p}-nextSteps`} name="nextSteps" legend={F.nextSteps.label} options={F.nextSteps.options} values={form.values.nextSteps} onChange={(v) => form.set('nextSteps', v)} error={form.errors.nextSteps} />
      </div>
      <div class="sm:col-span-2">
        <TextInput form={form} field="prayerRequest" spec={F.prayerRequest} idPrefix={p} rows={3} />
      </div>
      <ConsentAndSubmit form={form} idPrefix={p} consent={copy.consent} submit={copy.submit} />
    </FormShell>
  );
}
