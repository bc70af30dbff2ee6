// One Intl.DateTimeFormat per locale and options, made once and kept: making one is
// slow (it loads the zone's and the locale's data: tens of milliseconds on a slow
// phone), and the pages format the gatherings' times many times as they come alive.
const made = new Map<string, Intl.DateTimeFormat>();

/** The formatter for `locale` and `options`, made on first use. */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    made.set(key, format);
  }
  return format;
}
