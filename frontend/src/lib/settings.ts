// The site's settings as this page was served with them: the server writes the
// volunteer's values (links, videos, speaker, email, photos) into every page's
// #site-settings block, and the page reads them once, before it comes alive, so
// what it renders matches the HTML. The build's placeholders stand in without it.
import { defaultSettings, links as serversLinks, type SiteSettings } from '../content/settings.generated';
import { SET_MARKER, SETTINGS_BLOCK_ID, UNSET_MARKER } from './contract.generated';
import { localPath } from './lang';

export { PHOTO_CLASS } from '../content/settings.generated';

/** The server's redirects to the outside links, in this page's language ('/ur/go/giving'):
 *  a link not set yet answers a page saying what is coming in the language it was followed from. */
export const links = Object.fromEntries(Object.entries(serversLinks).map(([name, path]) => [name, localPath(path)])) as Record<keyof typeof serversLinks, string>;

function readSettings(): SiteSettings {
  if (typeof document === 'undefined') return defaultSettings;
  const result: SiteSettings = { ...defaultSettings, photos: {} };
  try {
    const given = JSON.parse(document.getElementById(SETTINGS_BLOCK_ID)?.textContent || '{}') as Record<string, unknown>;
    for (const key of Object.keys(defaultSettings) as (keyof SiteSettings)[]) {
      const value = given[key];
      if (key === 'photos') {
        if (value && typeof value === 'object') result.photos = value as SiteSettings['photos'];
      } else if (typeof value === 'string') {
        result[key] = value;
      }
    }
  } catch {
    // A damaged block leaves the placeholders: the page still works.
  }
  return result;
}

export const settings: SiteSettings = readSettings();

/** The block prerendering writes into each page, with the build's placeholders. */
export function settingsBlock(): string {
  return `<script type="application/json" id="${SETTINGS_BLOCK_ID}">${JSON.stringify(defaultSettings).replace(/</g, '\\u003c')}</script>`;
}

export type TextKey = Exclude<keyof SiteSettings, 'photos'>;

/** Whether the volunteer has set this (it is neither empty nor its visible placeholder). */
export function isSet(key: TextKey): boolean {
  return settings[key] !== '' && settings[key] !== defaultSettings[key];
}

/** A YouTube video setting as something to play, or null while it is a placeholder. */
export function youtubeSource(key: TextKey): { youtube: string } | null {
  return isSet(key) ? { youtube: settings[key] } : null;
}

/** The mark of an element that depends on a setting: `data-unset="giving-url"` while it
 *  is not set, `data-set="giving-url"` once it is (the server writes the same into the
 *  page: src/web/files/personalize.rs). The styles show `.only-set` and `.only-unset`
 *  elements by it (styles.css). */
export function settingMark(key: TextKey): Record<string, string> {
  const name = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return { [isSet(key) ? SET_MARKER : UNSET_MARKER]: name };
}
