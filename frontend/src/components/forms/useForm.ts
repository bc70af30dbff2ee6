// The life of a form: idle, then submitting (button disabled), then success (the
// form cleared, a toast, the modal closed by the caller), failure (entries kept,
// a toast, the server's field messages shown beside their inputs), or, without a
// signal, saved on the phone to be sent by itself later (a toast, the modal closed).
// The answers are kept on the phone as they are typed (offline/phoneStore.ts), so a
// closed dialog or a reload loses nothing; sending them forgets them. A form that
// finds answers kept from before asks whether to continue them (a phone is often
// shared): they fill it only when the visitor says so.
import { useEffect, useRef, useState } from 'react';
import { ApiError, newSubmissionKey, submitForm } from '../../lib/api';
import { HONEYPOT } from '../../content/forms.generated';
import { toast } from '../../lib/toast';
import { lang } from '../../lib/lang';
import { failureWords } from '../../content/modals';
import { offlineWords } from '../../content/offline';
import { forget, keep, kept, type Waiting } from '../../offline/phoneStore';
import { onPhoneChange, sendWhenOnline } from '../../offline/page';

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

/** How long typing pauses before the answers are written to the phone. */
const KEEP_AFTER_MS = 300;

/** What the phone holds for a form, as the form tells the visitor. */
export type OnPhone = 'waiting' | 'kept' | null;

/** `keepAs` names the form's answers on the phone when one form appears in several
 *  places with different fixed values (the subscription forms' lists). */
export function useForm<T extends object>(form: string, initial: T, messages: FormMessages, check?: ClientCheck<T>, keepAs: string = form) {
  const [values, setValues] = useState<T>(initial);
  const [onPhone, setOnPhone] = useState<OnPhone>(null);
  // The waiting submission, if any: Send with the same answers reuses its key.
  const waitingNow = useRef<Waiting | null>(null);
  // Typed into since the form opened: what the phone kept no longer replaces it.
  const typed = useRef(false);
  // The answers kept from before, offered until the visitor continues or discards them.
  const offered = useRef<Record<string, unknown> | null>(null);
  const keepTimer = useRef<number | undefined>(undefined);
  // Answers typed but not yet written to the phone (written when the form closes too).
  const unkept = useRef<T | null>(null);
  const [honeypot, setHoneypot] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The key of the last attempt that got no answer, with what it sent: pressing Send
  // again with the same answers reuses it, so the server stores it once.
  const [attempt, setAttempt] = useState<{ key: string; sent: string } | null>(null);

  // What the phone kept for this form is offered when it opens (a waiting submission
  // fills it, to show what will be sent), and looked at again whenever a submission
  // goes out from elsewhere (the form empties once its answers are sent).
  useEffect(() => {
    let open = true;
    const load = () =>
      kept(keepAs)
        .then((record) => {
          if (!open) return;
          const wasWaiting = waitingNow.current;
          waitingNow.current = record?.waiting ?? null;
          const answers = record && Object.keys(record.values).length ? record.values : null;
          // A waiting submission's answers fill the form (what will be sent), and stay
          // in it when it was refused, to be corrected; answers from before are offered.
          const fill = answers && (record?.waiting || wasWaiting) && (!typed.current || wasWaiting);
          offered.current = null;
          if (record?.waiting) setOnPhone('waiting');
          else if (answers && !fill && !typed.current) {
            offered.current = answers;
            setOnPhone('kept');
          } else setOnPhone(null);
          if (fill) setValues({ ...initial, ...answers } as T);
          else if (!record && wasWaiting) setValues(initial);
        })
        .catch(() => undefined);
    void load();
    const off = onPhoneChange(() => void load());
    return () => {
      open = false;
      off();
      keepNow();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keepAs]);

  /** Writes the answers typed since the last write to the phone, now. */
  function keepNow() {
    window.clearTimeout(keepTimer.current);
    const next = unkept.current;
    unkept.current = null;
    if (!next) return;
    const empty = JSON.stringify(next) === JSON.stringify(initial);
    void (empty ? forget(keepAs) : keep(keepAs, form, next as Record<string, unknown>)).catch(() => undefined);
  }

  /** Writes them once typing pauses. */
  function keepSoon(next: T) {
    unkept.current = next;
    window.clearTimeout(keepTimer.current);
    keepTimer.current = window.setTimeout(keepNow, KEEP_AFTER_MS);
  }

  /** Drops answers typed but not yet written (they were sent or cleared). */
  function dropUnkept() {
    window.clearTimeout(keepTimer.current);
    unkept.current = null;
  }

  function set<K extends keyof T>(field: K, value: T[K]) {
    typed.current = true;
    setValues((old) => {
      const next = { ...old, [field]: value };
      keepSoon(next);
      return next;
    });
    // Typing over the offer answers it: the new answers are the ones kept.
    if (onPhone === 'kept') {
      offered.current = null;
      setOnPhone(null);
    }
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
    const earlier = waitingNow.current?.body === sent ? waitingNow.current.key : attempt?.sent === sent ? attempt.key : null;
    const key = earlier ?? newSubmissionKey();
    try {
      // Without a signal it is kept at once: the browser knows there is no network.
      if (navigator.onLine === false) return await saveOnPhone(key, sent);
      await submitForm(form, payload, key);
      dropUnkept();
      await forget(keepAs, true).catch(() => undefined);
      waitingNow.current = null;
      typed.current = false;
      setOnPhone(null);
      setAttempt(null);
      setValues(initial);
      setErrors({});
      toast(messages.success);
      return true;
    } catch (error) {
      // No answer (the signal dropped): kept on the phone with its key, and sent once later.
      if (!(error instanceof ApiError)) {
        const saved = await saveOnPhone(key, sent).catch(() => false);
        if (saved) return true;
      }
      // The phone could not keep it: the next Send of the same answers is the same submission.
      setAttempt(error instanceof ApiError ? null : { key, sent });
      setErrors(error instanceof ApiError ? error.fields : {});
      toast({ ...failureMessage(error, messages), variant: 'destructive' });
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  /** Keeps the submission on the phone to be sent when the signal returns; tells the visitor. */
  async function saveOnPhone(key: string, body: string): Promise<true> {
    const waiting: Waiting = {
      key,
      body,
      answers: JSON.stringify(values),
      at: new Date().toISOString(),
      sent: { title: messages.success.title, description: `${offlineWords.sentLater} ${messages.success.description}` },
      lang,
    };
    dropUnkept();
    await keep(keepAs, form, values as Record<string, unknown>, waiting);
    waitingNow.current = waiting;
    typed.current = false;
    setOnPhone('waiting');
    setAttempt(null);
    setErrors({});
    toast(offlineWords.saved);
    sendWhenOnline();
    return true;
  }

  /** Takes in what the visitor put into the server-drawn fields before the page came
   *  alive (hydration leaves the fields as they are, but the next drawing would write the
   *  state over them): each field of the form read by its name, a box group as the
   *  values ticked, a tick box as ticked or not; a value the page never shows as a field
   *  (the subscription's list) stays as it is. */
  function adopt(element: HTMLFormElement) {
    const found: Record<string, unknown> = {};
    for (const [name, start] of Object.entries(initial)) {
      const inputs = [...element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(`[name="${name}"]`)];
      if (!inputs.length) continue;
      const boxes = inputs.filter((i): i is HTMLInputElement => i instanceof HTMLInputElement && (i.type === 'checkbox' || i.type === 'radio'));
      if (Array.isArray(start)) found[name] = boxes.filter((b) => b.checked).map((b) => b.value);
      else if (typeof start === 'boolean') found[name] = boxes.some((b) => b.checked);
      else if (boxes.length) found[name] = boxes.find((b) => b.checked)?.value ?? '';
      else found[name] = inputs[0].value;
    }
    const adopted = { ...values, ...found } as T;
    if (JSON.stringify(adopted) === JSON.stringify(values)) return;
    typed.current = true;
    setValues(adopted);
    keepSoon(adopted);
  }

  function reset() {
    setValues(initial);
    setErrors({});
  }

  /** Fills the form with the answers kept from before. */
  function continueKept() {
    const answers = offered.current;
    offered.current = null;
    setOnPhone(waitingNow.current ? 'waiting' : null);
    if (answers) setValues({ ...initial, ...answers } as T);
  }

  /** Empties the form and deletes its kept answers (a waiting submission still goes). */
  function clearKept() {
    offered.current = null;
    dropUnkept();
    void forget(keepAs).catch(() => undefined);
    typed.current = false;
    setOnPhone(waitingNow.current ? 'waiting' : null);
    reset();
  }

  return { name: form, messages, values, set, adopt, errors, submitting, submit, reset, honeypot, setHoneypot, onPhone, continueKept, clearKept };
}

export type FormState<T extends object> = ReturnType<typeof useForm<T>>;
