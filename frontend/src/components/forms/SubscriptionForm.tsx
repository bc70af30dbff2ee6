// The mailing-list sign-up: 'Join the Mailing List' on /worship, 'Notify Me' on /media.
import { SUBSCRIPTION_FIELDS as F, type Subscription } from '../../content/forms.generated';
import { subscription as copy } from '../../content/modals';
import { useForm } from './useForm';
import { FormShell, SubmitButton, TextInput } from '../FormParts';

export function SubscriptionForm({ list, button, dark = false }: { list: Subscription['list']; button: string; dark?: boolean }) {
  const form = useForm('subscription', { email: '', list }, copy.messages, undefined, `subscription:${list}`);
  return (
    <FormShell form={form} class={`grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end ${dark ? '[&_label]:text-white' : ''}`}>
      {/* Which list, for a form the browser sends itself. */}
      <input type="hidden" name="list" value={list} />
      <TextInput form={form} field="email" spec={F.email} idPrefix={`subscribe-${list}`} type="email" autoComplete="email" />
      <SubmitButton pending={form.submitting} label={button} />
    </FormShell>
  );
}
