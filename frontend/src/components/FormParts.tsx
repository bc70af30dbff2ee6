// The pieces every form is built from: labelled fields with their error messages
// tied to the input, the honeypot, and the submit button with its pending label.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentChildren, JSX } from 'preact';
import { FIELD_WORDS, HONEYPOT } from '../content/forms.generated';
import { ERROR_FOR_MARKER, FORM_FIELD, FORM_MARKER, FORM_PROBLEM_MARKER, FORM_THANKS_MARKER } from '../lib/contract.generated';
import { FORM_WAITING_MARKER } from '../offline/savedPages';
import { formWords } from '../content/modals';
import { InOrder } from '../lib/figures';
import { englishBuild } from '../lib/lang';
import { offlineWords } from '../content/offline';
import type { FormState } from './forms/useForm';

const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-sky-700 focus:outline-none focus:ring-2 focus:ring-sky-700/30 aria-[invalid=true]:border-red-700';

/** A field's label or an option's name as the page's language says it (what is sent
 *  stays the English: the forms' declarations, src/forms/mod.rs). */
export const said = (english: string) => (englishBuild ? english : (FIELD_WORDS.labels[english] ?? english));
const optionSaid = (english: string) => (englishBuild ? english : (FIELD_WORDS.options[english] ?? english));

/** A field's error, announced with it through aria-describedby (`id` is what the input
 *  names); always there, hidden while empty, so the server can show its own beside the
 *  field of a form sent without the page's script (`name`: the field; web/plain_forms.rs). */
export function FieldError({ id, name, message }: { id: string; name: string; message?: string }) {
  return (
    <p id={id} class="mt-1 text-sm text-red-700" {...{ [ERROR_FOR_MARKER]: name }} hidden={!message}>
      {message}
    </p>
  );
}

interface FieldProps {
  id: string;
  /** The field's name, as the form sends it. */
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; required?: boolean; class: string }) => ComponentChildren;
}

/** A label (a declared one in the page's language), the input the caller renders, and
 *  its error message (announced and linked). */
export function Field({ id, name, label, required, error, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label for={id} class="block text-sm font-medium text-slate-800">
        {said(label)}
        {required && <span aria-hidden="true" class="text-red-700"> *</span>}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined, required, class: inputClass })}
      <FieldError id={errorId} name={name} message={error} />
    </div>
  );
}

/** Invisible to people and screen readers; bots that fill every field fill this one. */
export function Honeypot({ value, onInput }: { value: string; onInput: (value: string) => void }) {
  return (
    <div aria-hidden="true" class="absolute -start-[10000px] h-px w-px overflow-hidden">
      <label>
        Website
        <input
          type="text"
          name={HONEYPOT}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onInput={(event) => onInput((event.target as HTMLInputElement).value)}
        />
      </label>
    </div>
  );
}

/** False in the prerendered page, true once its code runs in the browser. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Disabled while sending. Before the page's code runs (or without it) the browser sends
 *  the form itself, and the server answers with the page (web/plain_forms.rs). */
export function SubmitButton({ pending, label, pendingLabel = formWords.submitting, ...rest }: { pending: boolean; label: string; pendingLabel?: string } & JSX.HTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      {...rest}
      type="submit"
      disabled={pending}
      class="inline-flex items-center justify-center rounded-full bg-sky-900 px-6 py-3 font-semibold text-white hover:bg-sky-800 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

const boxClass = 'h-5 w-5 shrink-0 rounded border-slate-400 text-sky-800 accent-sky-800';
/** A tick box's row: the whole label is the target, at least 44 px tall for a thumb. */
const rowClass = 'flex min-h-11 items-start gap-3 py-2.5 text-sm text-slate-800';

/** One tick box with its label (consent boxes pass `required`). */
export function Checkbox({ id, name, label, checked, onChange, required, error }: { id: string; name: string; label: string; checked: boolean; onChange: (checked: boolean) => void; required?: boolean; error?: string }) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label for={id} class={rowClass}>
        <input
          id={id}
          type="checkbox"
          name={name}
          value="true"
          class={`mt-0.5 ${boxClass}`}
          checked={checked}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange((event.target as HTMLInputElement).checked)}
        />
        <span>
          {label}
          {required && <span aria-hidden="true" class="text-red-700"> *</span>}
        </span>
      </label>
      <FieldError id={errorId} name={name} message={error} />
    </div>
  );
}

interface GroupProps {
  id: string;
  /** The field it fills: each box or button is named after it, its value the option. */
  name: string;
  legend: string;
  options: readonly string[];
  labels?: Record<string, string>;
  error?: string;
  columns?: boolean;
}

function Group({ id, name, legend, error, columns, options, children }: GroupProps & { children: ComponentChildren }) {
  // In columns, three options share one row: never one alone under two.
  const grid = columns ? (options.length === 3 ? 'sm:grid-cols-3 sm:gap-x-2' : 'sm:grid-cols-2 sm:gap-x-2') : '';
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend class="text-sm font-medium text-slate-800">{said(legend)}</legend>
      <div class={`mt-1 grid ${grid}`}>{children}</div>
      <FieldError id={`${id}-error`} name={name} message={error} />
    </fieldset>
  );
}

function Option({ id, name, value, label, checked, onToggle }: { id: string; name: string; value: string; label: string; checked: boolean; onToggle: () => void }) {
  return (
    <label for={id} class={rowClass}>
      <input id={id} type="checkbox" name={name} value={value} class={`mt-0.5 ${boxClass}`} checked={checked} onChange={onToggle} />
      <span>{label}</span>
    </label>
  );
}

/** A list field: each option toggles in and out of the chosen values. */
export function CheckboxGroup(props: GroupProps & { values: string[]; onChange: (values: string[]) => void }) {
  const { id, name, options, labels, values, onChange } = props;
  return (
    <Group {...props}>
      {options.map((option, i) => (
        <Option
          key={option}
          id={`${id}-${i}`}
          name={name}
          value={option}
          label={labels?.[option] ?? optionSaid(option)}
          checked={values.includes(option)}
          onToggle={() => onChange(values.includes(option) ? values.filter((v) => v !== option) : [...values, option])}
        />
      ))}
    </Group>
  );
}

/**
 * One value or none, as radio buttons (a single choice looks like one); choosing the
 * chosen one again, by click, tap or Space, clears it (the Connect Card's age group
 * is optional, so a visitor must be able to take a choice back).
 */
export function RadioGroup(props: GroupProps & { value: string; onChange: (value: string) => void }) {
  const { id, name, options, labels, value, onChange } = props;
  return (
    <Group {...props}>
      {options.map((option, i) => (
        <label key={option} for={`${id}-${i}`} class={rowClass}>
          <input
            id={`${id}-${i}`}
            type="radio"
            name={name}
            value={option}
            class={`mt-0.5 ${boxClass}`}
            checked={value === option}
            onClick={() => onChange(value === option ? '' : option)}
            // The click above decides; this keeps the input controlled for arrow keys.
            onChange={(event) => {
              if ((event.target as HTMLInputElement).checked && value !== option) onChange(option);
            }}
          />
          <span>
            <InOrder text={labels?.[option] ?? optionSaid(option)} />
          </span>
        </label>
      ))}
    </Group>
  );
}

/** Text from an input event. */
export const valueOf = (event: Event) => (event.target as HTMLInputElement).value;

interface FieldSpec {
  readonly label: string;
  readonly required: boolean;
  readonly maxLength: number;
}

/** A text input or textarea bound to one string field of a form, with its declared label, limit and required flag. */
/** Inputs written left to right in every language: an address or number typed into
 *  them starts at the left on a right-to-left page too ("maria@" never as "@maria"). */
const LEFT_TO_RIGHT = ['email', 'tel', 'url'];

export function TextInput<T extends object>({
  form,
  field,
  spec,
  idPrefix,
  type = 'text',
  autoComplete,
  placeholder,
  rows,
  required,
}: {
  form: FormState<T>;
  field: keyof T & string;
  spec: FieldSpec;
  idPrefix: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  rows?: number;
  /** Overrides the declaration (the launch RSVP asks for all three). */
  required?: boolean;
}) {
  const id = `${idPrefix}-${field}`;
  const value = form.values[field] as unknown as string;
  const onInput = (event: Event) => form.set(field, valueOf(event) as T[typeof field]);
  const isRequired = required ?? spec.required;
  // Preact writes a textarea's value as it hydrates (its text is its value in the HTML;
  // preact/compat writes it after each drawing while the prop is there at all), which
  // would wipe what was typed before the page came alive: no value until the form has
  // taken it in (FormShell), then bound to the state.
  const alive = useHydrated();
  return (
    <Field id={id} name={field} label={spec.label} required={isRequired} error={form.errors[field]}>
      {(p) =>
        rows ? (
          <textarea {...p} dir="auto" name={field} rows={rows} maxLength={spec.maxLength} placeholder={placeholder} {...(alive ? { value } : {})} onInput={onInput} />
        ) : (
          <input {...p} dir={LEFT_TO_RIGHT.includes(type) ? 'ltr' : 'auto'} type={type} name={field} autoComplete={autoComplete} maxLength={spec.maxLength} placeholder={placeholder} value={value} onInput={onInput} />
        )
      }
    </Field>
  );
}

/** A form element that sends through `form`, carries the honeypot, and calls `onSuccess` once stored. */
/** What the phone holds for the form: a submission waiting for a signal, or answers
 *  kept from before, offered with Continue and Discard (nothing fills the form unasked). */
function OnPhoneLine<T extends object>({ form }: { form: FormState<T> }) {
  if (!form.onPhone) return null;
  const button = 'inline-flex min-h-11 items-center font-semibold underline underline-offset-2';
  return (
    <p role="status" data-testid="on-phone" class="col-span-full flex flex-wrap items-center gap-x-4 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950">
      <span>{form.onPhone === 'waiting' ? offlineWords.waitingLine : offlineWords.keptQuestion}</span>
      {form.onPhone === 'kept' && (
        <>
          <button type="button" class={button} onClick={form.continueKept}>
            {offlineWords.continue}
          </button>
          <button type="button" class={button} onClick={form.clearKept}>
            {offlineWords.discard}
          </button>
        </>
      )}
    </p>
  );
}

export function FormShell<T extends object>({
  form,
  onSuccess,
  noValidate,
  class: extra = '',
  children,
}: {
  form: FormState<T>;
  onSuccess?: () => void;
  noValidate?: boolean;
  class?: string;
  children: ComponentChildren;
}) {
  // Whatever was typed, ticked or chosen before the page came alive is in the fields the
  // server drew: the form's state starts from it, so no later drawing wipes it.
  const element = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    if (element.current) form.adopt(element.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <form
      ref={element}
      // Clear of the sticky header when an address takes the page to it.
      class={`relative scroll-mt-20 ${extra}`}
      // Never a GET: answers must not end up in an address bar or a log. Sent by the
      // browser itself (no script), it goes to the page's own address, which answers
      // with the page: its thank-you or its problems shown (web/plain_forms.rs, by
      // `FORM_MARKER` and the markers below).
      method="post"
      // To the page's own address, and back to this form on the answer (its problems).
      action={`#form-${form.name}`}
      id={`form-${form.name}`}
      {...{ [FORM_MARKER]: form.name }}
      noValidate={noValidate}
      onSubmit={async (event) => {
        event.preventDefault();
        if (await form.submit()) onSuccess?.();
      }}
    >
      <input type="hidden" name={FORM_FIELD} value={form.name} />
      <p role="status" class="col-span-full rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-950" {...{ [FORM_THANKS_MARKER]: '' }} hidden>
        <strong>{form.messages.success.title}</strong> {form.messages.success.description}
      </p>
      <p role="alert" class="col-span-full rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800" {...{ [FORM_PROBLEM_MARKER]: '' }} hidden />
      {/* Shown by the service worker when the browser sent the form without a signal (offline/sw.ts). */}
      <p role="status" class="col-span-full rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sky-950" {...{ [FORM_WAITING_MARKER]: '' }} hidden>
        {offlineWords.waitingLine}
      </p>
      <OnPhoneLine form={form} />
      {children}
      <Honeypot value={form.honeypot} onInput={form.setHoneypot} />
    </form>
  );
}

/** The end of a form with a consent box: the required box, then the submit button. */
export function ConsentAndSubmit<T extends { consent: boolean }>({ form, idPrefix, consent, submit }: { form: FormState<T>; idPrefix: string; consent: string; submit: string }) {
  return (
    <>
      <div class="sm:col-span-2">
        <Checkbox
          id={`${idPrefix}-consent`}
          name="consent"
          label={consent}
          required
          checked={form.values.consent}
          onChange={(v) => form.set('consent', v as T['consent'])}
          error={form.errors.consent}
        />
      </div>
      <div class="sm:col-span-2">
        <SubmitButton pending={form.submitting} label={submit} />
      </div>
    </>
  );
}

interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * First and last name, then email and phone (or phone first, as the Connect Card
 * asks), with the autocomplete hints phones use to fill them in.
 */
export function ContactFields<T extends ContactValues>({
  form,
  specs,
  idPrefix,
  phoneFirst = false,
}: {
  form: FormState<T>;
  specs: Record<keyof ContactValues, FieldSpec>;
  idPrefix: string;
  phoneFirst?: boolean;
}) {
  const email = <TextInput form={form} field="email" spec={specs.email} idPrefix={idPrefix} type="email" autoComplete="email" />;
  const phone = <TextInput form={form} field="phone" spec={specs.phone} idPrefix={idPrefix} type="tel" autoComplete="tel" />;
  return (
    <>
      <TextInput form={form} field="firstName" spec={specs.firstName} idPrefix={idPrefix} autoComplete="given-name" />
      <TextInput form={form} field="lastName" spec={specs.lastName} idPrefix={idPrefix} autoComplete="family-name" />
      {phoneFirst ? phone : email}
      {phoneFirst ? email : phone}
    </>
  );
}
