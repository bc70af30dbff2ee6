// What the browser says about the visitor's connection: whether they ask to save
// data (the Save-Data setting, which the server also sees and then leaves photos
// out of the page, marking <html data-lean>) and how fast it is.

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

function connection(): NetworkInformation | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

/** The connection's speed class as the browser estimates it ('4g', '3g', '2g', 'slow-2g'), if it says. */
export function effectiveType(): string {
  return connection()?.effectiveType ?? '';
}

/** Photos and video posters wait until asked for: the visitor saves data, or is on 2G. */
export function savesData(): boolean {
  if (typeof document === 'undefined') return false;
  if (document.documentElement.hasAttribute('data-lean')) return true;
  return Boolean(connection()?.saveData) || /(^|-)2g$/.test(effectiveType());
}
