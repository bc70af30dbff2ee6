// What the site keeps on the visitor's own phone (IndexedDB), shared by the pages and
// the service worker: each form's answers not yet sent (so a closed dialog or a
// reload loses nothing: kept 24 hours at most, then deleted), the submission waiting
// for a signal (7 days at most, then deleted with a note), and the notes of
// submissions sent while no page showed it. Nothing here ever leaves the phone
// except a waiting submission, sent once (its Idempotency-Key) to the site itself.
// A phone is often shared: `forgetAll` deletes everything at the visitor's word.

/** A submission pressed Send without a signal: sent by itself when one returns. */
export interface Waiting {
  /** The Idempotency-Key: every attempt of this submission carries it. */
  key: string;
  /** The JSON body, exactly as it will be sent. */
  body: string;
  /** The form's answers when Send was pressed (JSON), to tell later changes apart. */
  answers: string;
  /** When Send was pressed (ISO). */
  at: string;
  /** What the visitor is told once it is stored. */
  sent: { title: string; description: string };
  /** The language of the page it was sent from: the server's messages come in it. */
  lang?: string;
  /** Set when the browser itself sent it (the page was not alive): the page's address,
   *  where `body` goes again as the browser sent it, form-encoded (src/web/plain_forms.rs). */
  address?: string;
}

/** One form's answers kept on the phone. */
export interface Kept {
  /** Which form on the site: its API name, and the list for the subscription forms. */
  id: string;
  /** The form's API name (`prayer-request`), where it is sent. */
  form: string;
  /** The answers as the form shows them now. */
  values: Record<string, unknown>;
  /** When they were last changed (ISO). */
  at: string;
  /** Set while a submission of this form waits for a signal. */
  waiting?: Waiting;
}

/** A submission stored while no page said so: shown on the next page. */
export interface Note {
  id?: number;
  title: string;
  description: string;
  /** A refusal is shown as an error. */
  variant?: 'default' | 'destructive';
}

const DB = 'thewell';
const FORMS = 'forms';
const NOTES = 'notes';
/** Answers left unsent this long are deleted (a shared phone, a change of mind). */
export const KEPT_FOR_MS = 24 * 3600 * 1000;
/** A submission still waiting for a signal this long is deleted, with a note. */
export const WAITS_FOR_MS = 7 * 24 * 3600 * 1000;

let opening: Promise<IDBDatabase> | null = null;
/** The transactions under way on this page's connection (see `letGo`). */
const underWay = new Set<IDBTransaction>();

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(FORMS, { keyPath: 'id' });
      request.result.createObjectStore(NOTES, { keyPath: 'id', autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('the phone store is blocked by another tab'));
  }).catch((error) => {
    opening = null;
    throw error;
  });
  return opening;
}

/**
 * A page the visitor leaves lets go of the store. WebKit keeps a page it may show
 * again on Back suspended, with its transactions: one left under way would hold the
 * store from every other page and the worker for as long as it stays suspended (the
 * next page's sweep, a form's answers, a sent form's forgetting would all wait for
 * ever). Its transactions are aborted (what they did is done again: a sweep runs on
 * every page, answers are written as they are typed) and its connection closed; a
 * page shown again opens a new one.
 */
function letGo(): void {
  for (const tx of underWay) {
    try {
      tx.abort();
    } catch {
      // Finished meanwhile.
    }
  }
  underWay.clear();
  const closing = opening;
  opening = null;
  void closing?.then((db) => db.close()).catch(() => undefined);
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', letGo);

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs `work` in one transaction over `stores`; resolves with its result once committed. */
async function transact<T>(stores: string[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => Promise<T>): Promise<T> {
  const db = await open();
  const tx = db.transaction(stores, mode);
  underWay.add(tx);
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('the phone store let go of this page'));
  }).finally(() => underWay.delete(tx));
  // Awaited below; a failure of `work` first must not leave it unhandled.
  committed.catch(() => undefined);
  const result = await work(tx);
  await committed;
  return result;
}

/** What becomes of a record at `now`: kept, or deleted (a draft past KEPT_FOR_MS,
 *  a waiting submission past WAITS_FOR_MS: 'expired'). */
function fate(kept: Kept, now: number): 'keep' | 'delete' | 'expired' {
  if (kept.waiting) return now - Date.parse(kept.waiting.at) > WAITS_FOR_MS ? 'expired' : 'keep';
  return now - Date.parse(kept.at) > KEPT_FOR_MS ? 'delete' : 'keep';
}

const get = (tx: IDBTransaction, id: string) => done(tx.objectStore(FORMS).get(id) as IDBRequest<Kept | undefined>);

/**
 * Deletes what the phone has kept too long: answers older than KEPT_FOR_MS, and
 * submissions that waited longer than WAITS_FOR_MS (leaving `expired`'s note for the
 * visitor). Run before anything reads the store, by the pages and the worker.
 */
export async function sweep(expired: (waiting: Waiting) => Note, now = Date.now()): Promise<void> {
  await transact([FORMS, NOTES], 'readwrite', async (tx) => {
    const forms = tx.objectStore(FORMS);
    for (const record of await done(forms.getAll() as IDBRequest<Kept[]>)) {
      const what = fate(record, now);
      if (what === 'keep') continue;
      await done(forms.delete(record.id));
      if (what === 'expired' && record.waiting) await done(tx.objectStore(NOTES).add(expired(record.waiting)));
    }
  });
}

/** The answers kept for form `id`, if any (none once too old: `sweep` deletes them). */
export async function kept(id: string): Promise<Kept | undefined> {
  const record = await transact([FORMS], 'readonly', (tx) => get(tx, id));
  return record && fate(record, Date.now()) === 'keep' ? record : undefined;
}

/** Deletes every form's answers, every waiting submission and every note. */
export async function forgetAll(): Promise<void> {
  await transact([FORMS, NOTES], 'readwrite', async (tx) => {
    await done(tx.objectStore(FORMS).clear());
    await done(tx.objectStore(NOTES).clear());
  });
}

/** Keeps the answers form `id` shows now; a submission waiting to be sent goes on
 *  waiting (or, with `waiting`, this one waits instead). */
export async function keep(id: string, form: string, values: Record<string, unknown>, waiting?: Waiting): Promise<void> {
  await transact([FORMS], 'readwrite', async (tx) => {
    const before = await get(tx, id);
    const still = waiting ?? before?.waiting;
    const record: Kept = { id, form, values, at: new Date().toISOString(), ...(still ? { waiting: still } : {}) };
    await done(tx.objectStore(FORMS).put(record));
  });
}

/** Forgets the answers of form `id` (sent, or cleared by the visitor); a submission
 *  waiting to be sent goes on waiting unless `all`. */
export async function forget(id: string, all = false): Promise<void> {
  await transact([FORMS], 'readwrite', async (tx) => {
    const before = await get(tx, id);
    if (!before) return;
    if (before.waiting && !all) await done(tx.objectStore(FORMS).put({ ...before, values: {} }));
    else await done(tx.objectStore(FORMS).delete(id));
  });
}

/** Every submission waiting for a signal (not yet past WAITS_FOR_MS). */
export async function waiting(): Promise<Kept[]> {
  const all = await transact([FORMS], 'readonly', (tx) => done(tx.objectStore(FORMS).getAll() as IDBRequest<Kept[]>));
  const now = Date.now();
  return all.filter((k) => k.waiting && fate(k, now) === 'keep');
}

/**
 * The waiting submission `key` of form `id` was stored: it stops waiting (and its answers
 * are forgotten unless the visitor has changed them since), and a note is left for the
 * page to show, in one transaction. False when someone else (another tab, the service
 * worker) got there first: only one of them tells the visitor.
 */
export async function markSent(id: string, key: string): Promise<boolean> {
  return transact([FORMS, NOTES], 'readwrite', async (tx) => {
    const forms = tx.objectStore(FORMS);
    const record = await get(tx, id);
    if (!record?.waiting || record.waiting.key !== key) return false;
    const { waiting: sent, ...rest } = record;
    const changed = Object.keys(record.values).length > 0 && JSON.stringify(record.values) !== sent.answers;
    if (changed) await done(forms.put(rest));
    else await done(forms.delete(id));
    await done(tx.objectStore(NOTES).add({ title: sent.sent.title, description: sent.sent.description } satisfies Note));
    return true;
  });
}

/** The waiting submission was refused for good (the server explained why): it stops
 *  waiting, its answers stay for the visitor to correct, and a note says so. */
export async function markRefused(id: string, key: string, note: Note): Promise<void> {
  await transact([FORMS, NOTES], 'readwrite', async (tx) => {
    const record = await get(tx, id);
    if (!record?.waiting || record.waiting.key !== key) return;
    const { waiting: refused, ...rest } = record;
    // The answers go back into the form (unless the visitor has changed them since), to be corrected and sent again.
    const values = Object.keys(rest.values).length ? rest.values : (JSON.parse(refused.answers) as Record<string, unknown>);
    await done(tx.objectStore(FORMS).put({ ...rest, values }));
    await done(tx.objectStore(NOTES).add(note));
  });
}

/** Takes the notes left for the visitor (each is shown once, by one page). */
export async function takeNotes(): Promise<Note[]> {
  return transact([NOTES], 'readwrite', async (tx) => {
    const notes = tx.objectStore(NOTES);
    const all = await done(notes.getAll() as IDBRequest<Note[]>);
    await done(notes.clear());
    return all;
  });
}
