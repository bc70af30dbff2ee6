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

/** What makes the first formatters slow, done one piece per task before the page comes
 *  alive: the locale data (the first formatter: the longest piece), the zone data (the
 *  first one with a zone) and the other locales the zone names come from (lib/clock.ts).
 *  A slow phone then never meets one long task of them once the schedule has answered. */
export function warmDateFormats(): Promise<void> {
  const steps: [string, Intl.DateTimeFormatOptions][] = [
    ['en-US', { hour: 'numeric', minute: '2-digit' }],
    // Any named zone: the first one loads the zone table and its names.
    ['en-US', { timeZone: 'America/New_York', timeZoneName: 'short' }],
    ['en-GB', { timeZone: 'America/New_York', timeZoneName: 'short' }],
    ['en-CA', { timeZone: 'America/New_York' }],
  ];
  return new Promise((resolve) => {
    const next = () => {
      const step = steps.shift();
      if (!step) return resolve();
      dateFormat(...step).format(0);
      window.setTimeout(next, 0);
    };
    window.setTimeout(next, 0);
  });
}
