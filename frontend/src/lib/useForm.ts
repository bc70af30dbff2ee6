// The life of a form: idle, then submitting (button disabled), then success (the
// form cleared, a toast, the modal closed by the caller) or failure (entries kept,
// a toast, the server's field messages shown beside their inputs).
import { useState } from 'react';
import { ApiError, newSubmissionKey, submitForm } from './api';
import { HONEYPOT } from '../content/forms.generated';
import { toast } from './toast';
import { failureWords } from '../content/modals';

interface Message {
  title: string;
  description: string;
}

export interface FormMessages {
  success: Message;
  failure: Message;
}

/** A check run before sending: field messages to show, and/or a toast; nothing is sent. */
export type ClientCheck<T> = (values: T) => { fields?: Record<string, string>; toast?: Message } | null;

/** Words for what went wrong that tell the visitor what to do: the
 *  fields to check when the server named them; "try again" only when trying again
 *  can help (no network, the server failing, too many submissions at once). */
function failureMessage(error: unknown, messages: FormMessages): Message {
  if (!(error instanceof ApiError)) return messages.failure;
  const named = Object.values(error.fields);
  if (error.status === 400 && named.length) return { title: failureWords.checkAnswers, description: named.join(' ') };
  if (error.status === 429) return { title: messages.failure.title, description: error.summary ?? failureWords.tooMany };
  if (error.status >= 500 || !error.summary) return messages.failure;
  // Refused for a reason the server explained (the launch RSVP's closed event, a form too long).
  return { title: messages.failure.title, description: error.summary };
}

export function useForm<T extends object>(form: string, initial: T, messages: FormMessages, check?: ClientCheck<T>) {
  const [values, setValues] = useState<T>(initial);
  const [honeypot, setHoneypot] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The key of the last attempt that got no answer, with what it sent: pressing Send
  // again with the same answers reuses it, so the server stores it once.
  const [attempt, setAttempt] = useState<{ key: string; sent: string } | null>(null);

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
    const problem = check?.(values);
    if (problem) {
      setErrors(problem.fields ?? {});
      if (problem.toast) toast({ ...problem.toast, variant: 'destructive' });
      return false;
    }
    setSubmitting(true);
    const payload = { ...values, [HONEYPOT]: honeypot };
    const sent = JSON.stringify(payload);
    const key = attempt && attempt.sent === sent ? attempt.key : newSubmissionKey();
    try {
      await submitForm(form, payload, key);
      setAttempt(null);
      setValues(initial);
      setErrors({});
      toast(messages.success);
      return true;
    } catch (error) {
      // No answer (the signal dropped): the next Send of the same answers is the same submission.
      setAttempt(error instanceof ApiError ? null : { key, sent });
      setErrors(error instanceof ApiError ? error.fields : {});
      toast({ ...failureMessage(error, messages), variant: 'destructive' });
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

export type FormState<T extends object> = ReturnType<typeof useForm<T>>;
