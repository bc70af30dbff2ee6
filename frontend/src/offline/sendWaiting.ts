// Sends the submissions waiting on the phone (phoneStore.ts), each with its own
// Idempotency-Key so that a retry after a lost answer is stored once. Run by the
// pages (on load, when the signal returns) and by the service worker (Background Sync).
import { offlineWords } from '../content/offline';
import { ApiError, submitForm } from '../lib/api';
import { markRefused, markSent, sweep, waiting, type Waiting } from './phoneStore';
import { slotted } from '../lib/lang';
import { dayWords, visitorReading } from '../lib/wallclock';

/** Whether the server will never take this one as it is (retrying cannot help). */
function refusedForGood(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** The note for a submission that waited too long and was deleted. */
const expiredNote = (w: Waiting) => ({
  title: offlineWords.expired.title,
  description: slotted(offlineWords.expired.description, { day: dayWords(visitorReading(new Date(w.at))) }),
  variant: 'destructive' as const,
});

/** A form the browser sent itself, sent again to its page as it was (with its key, so
 *  that it is stored once): stored, the page answers with a redirect to its thank-you. */
async function sendAsSent(w: Waiting): Promise<void> {
  const response = await fetch(w.address!, {
    method: 'POST',
    body: w.body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': w.key },
    redirect: 'manual',
    credentials: 'same-origin',
  });
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return;
  // Refused: the page again, its problems beside the fields (not words for a note).
  throw new ApiError(response.status, '', response.statusText);
}

/** Deletes what the phone has kept too long (phoneStore.ts), with a note for each
 *  submission that never found a signal. */
export async function sweepPhone(): Promise<void> {
  await sweep(expiredNote);
}

/** Tries every waiting submission once (after deleting those that waited too long).
 *  Resolves with how many were stored now and whether some still wait (no signal, or
 *  the server could not take them yet). */
export async function sendWaiting(): Promise<{ sent: number; left: number }> {
  let sent = 0;
  let left = 0;
  await sweepPhone();
  for (const record of await waiting()) {
    const w = record.waiting;
    if (!w) continue;
    try {
      if (w.address) await sendAsSent(w);
      else await submitForm(record.form, JSON.parse(w.body) as object, w.key, w.lang);
      if (await markSent(record.id, w.key)) sent++;
    } catch (error) {
      if (refusedForGood(error)) {
        const reason = error.summary ?? (Object.values(error.fields).join(' ') || offlineWords.refusedReason);
        await markRefused(record.id, w.key, { title: offlineWords.refused.title, description: slotted(offlineWords.refused.description, { reason }), variant: 'destructive' });
      } else left++;
    }
  }
  return { sent, left };
}
