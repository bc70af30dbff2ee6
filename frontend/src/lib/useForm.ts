// The life of a form: idle, then submitting (button disabled), then success (the
// form cleared, a toast, the modal closed by the caller) or failure (entries kept,
// a toast, the server's field messages shown beside their inputs).
import { useState } from 'react';
import { ApiError, submitForm } from './api';
import { HONEYPOT } from '../content/forms.generated';
import { toast } from './toast';

export interface FormMessages {
  success: { title: string; description: string };
  failure: { title: string; description: string };
}

export function useForm<T extends object>(form: string, initial: T, messages: FormMessages) {
  const [values, setValues] = useState<T>(initial);
  const [honeypot, setHoneypot] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function set<K extends keyof T>(field: K, value: T[K]) {
    setValues((old) => ({ ...old, [field]: value }));
    setErrors((old) => {
      if (!(field as string in old)) return old;
      const { [field as string]: _removed, ...rest } = old;
      return rest;
    });
  }

  /** Sends the values; resolves true on success. */
  async function submit(): Promise<boolean> {
    if (submitting) return false;
    setSubmitting(true);
    try {
      await submitForm(form, { ...values, [HONEYPOT]: honeypot });
      setValues(initial);
      setErrors({});
      toast(messages.success);
      return true;
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      toast({ ...messages.failure, variant: 'destructive' });
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  function reset() {
    setValues(initial);
    setErrors({});
  }

  return { values, set, errors, submitting, submit, reset, honeypot, setHoneypot };
}
