// The pieces every form is built from: labelled fields with their error messages
// tied to the input, the honeypot, and the submit button with its pending label.
import type { ComponentChildren, JSX } from 'preact';
import { HONEYPOT } from '../content/forms.generated';

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-sky-700 focus:outline-none focus:ring-2 focus:ring-sky-700/30 aria-[invalid=true]:border-red-700';

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; required?: boolean; class: string }) => ComponentChildren;
}

/** A label, the input the caller renders, and its error message (announced and linked). */
export function Field({ id, label, required, error, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label for={id} class="block text-sm font-medium text-slate-800">
        {label}
        {required && <span aria-hidden="true" class="text-red-700"> *</span>}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined, required, class: inputClass })}
      {error && (
        <p id={errorId} class="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Invisible to people and screen readers; bots that fill every field fill this one. */
export function Honeypot({ value, onInput }: { value: string; onInput: (value: string) => void }) {
  return (
    <div aria-hidden="true" class="absolute -left-[10000px] h-px w-px overflow-hidden">
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

export function SubmitButton({ pending, label, pendingLabel = 'Submitting...', ...rest }: { pending: boolean; label: string; pendingLabel?: string } & JSX.HTMLAttributes<HTMLButtonElement>) {
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
