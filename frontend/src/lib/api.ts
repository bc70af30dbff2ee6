// The client for the site's own server: JSON in and out, credentials sent, and a
// non-OK answer turned into an error whose message is `<status>: <body or status text>`
// The server's per-field messages ride along for the form to show.
import { lang } from './lang';

export class ApiError extends Error {
  readonly status: number;
  /** Field name to a message a visitor can read, when the server named fields. */
  readonly fields: Record<string, string>;
  /** The server's one-sentence explanation, when it sent one. */
  readonly summary: string | undefined;

  constructor(status: number, text: string, statusText: string) {
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    let parsed: { error?: unknown; fields?: unknown } = {};
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the message above still carries the text.
    }
    this.summary = typeof parsed.error === 'string' ? parsed.error : undefined;
    this.fields = parsed.fields && typeof parsed.fields === 'object' ? (parsed.fields as Record<string, string>) : {};
  }
}

/** Sends a request; the body is JSON with a JSON content type only when there is a payload. */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  payload?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: payload === undefined ? extraHeaders : { 'Content-Type': 'application/json', ...extraHeaders },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A new random key for one submission (a UUID where the browser makes them; plain
 *  HTTP pages have only getRandomValues). */
export function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Posts one form's submission to /api/<form>; resolves with the stored id. `key` is
 *  its Idempotency-Key: the same submission sent again with it (a retry after a lost
 *  answer) is stored once and answered with the same id. `language` is the page's: the
 *  server's messages come in it (src/web/forms.rs). */
export function submitForm(form: string, payload: object, key: string, language: string = lang): Promise<{ id: string }> {
  return apiRequest<{ id: string }>('POST', `/api/${form}`, payload, { 'Idempotency-Key': key, 'Accept-Language': language });
}
