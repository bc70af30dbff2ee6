// The prerender entry: renders one route to HTML and the head tags that describe it
// (title, description, canonical address, sharing previews, structured data).
import { renderToString } from 'preact-render-to-string';
import { App } from './App';
import { address } from './content/campuses';
import { calendarWords, gatheringWords } from './content/calendar';
import { FIELD_WORDS, MESSAGE_WORDS } from './content/forms.generated';
import { PART_WORDS } from './content/parts.generated';
import { descriptionOf } from './content/descriptions';
import { offlineWords } from './content/offline';
import { metaOf, notFoundDescription, offlineMeta, routeMeta, routes } from './content/routes';
import { site } from './content/layout';
import { frame } from './content/frame';
import { modalLoaders, type ModalName } from './components/ModalHost';
import { registerPages } from './lib/pageLoader';
import { photoSlots, setPhotoPlace, slotWords } from './lib/photos';
import { FIRST_VISIT } from './lib/welcome';
import { StandIn } from './lib/standIn';
import { contentBlock } from './lib/content';
import { fill } from './lib/words';
import { JSON_WORDS_MARKER, PHOTO_FIRST_MARKER, PHOTO_MARKER, PHOTO_SIZES_MARKER, STYLESHEET_MARKER, TEMPLATE_MARKER } from './lib/contract.generated';
import { settingsBlock } from './lib/settings';
import { dir, lang, language, languages, localPath } from './lib/lang';

registerPages(import.meta.glob('./pages/*.tsx', { eager: true }));

export { localPath, photoSlots, routes, site, slotWords, STYLESHEET_MARKER };

/** The words the server writes a gathering's days and times with, in this build's
 *  language (src/schedule/words.rs reads them as <code>/gathering-words.json). */
export function serverGatheringWords(): object {
  return { weekdays: calendarWords.weekdays, months: calendarWords.months, date: calendarWords.date, clock: calendarWords.clock, ...gatheringWords, isolate: dir === 'rtl' };
}

/** The forms' words the server writes its messages with, in this build's language
 *  (src/forms/words.rs reads them as <code>/form-words.json). */
export function serverFormWords(): object {
  return { ...FIELD_WORDS, messages: MESSAGE_WORDS };
}

/** What the server's parts of pages say, in this build's language, with the months'
 *  names and the line above a volunteer's English (src/page_parts/part_words.rs reads them
 *  as <code>/part-words.json). */
export function serverPartWords(): object {
  return { ...PART_WORDS, months: calendarWords.months, inEnglish: frame.inEnglish, dir };
}

/** A pop-up's markup, its photo slots noted as shown on it; as a stand-in (lib/standIn.ts) if `standIn`. */
async function drawPopUp(name: ModalName, standIn = false): Promise<string> {
  const { default: Modal } = await modalLoaders[name]();
  setPhotoPlace(`pop-up: ${name}`);
  const modal = <Modal onClose={() => {}} />;
  return renderToString(standIn ? <StandIn value={name}>{modal}</StandIn> : modal);
}

/** Renders every pop-up once, so the photo slots they show are listed too. */
export async function notePopUpPhotos(): Promise<void> {
  for (const name of Object.keys(modalLoaders) as ModalName[]) await drawPopUp(name);
}

/** The photo each pop-up of a first visit opens with (its slot and `sizes`, read off the
 *  drawing marked first in its markup), for the loader to fetch early (lib/welcome.ts). */
export async function firstVisitPhotos(): Promise<{ popUp: string; seen: string; over?: string; slot: string; sizes: string }[]> {
  const found = [];
  for (const when of FIRST_VISIT) {
    const html = await drawPopUp(when.popUp);
    const first = new RegExp(`<[^>]* ${PHOTO_MARKER}="([^"]+)"[^>]* ${PHOTO_SIZES_MARKER}="([^"]+)"[^>]* ${PHOTO_FIRST_MARKER}`).exec(html);
    if (first) found.push({ ...when, slot: first[1], sizes: first[2] });
  }
  return found;
}

/** The first-visit pop-ups among `popUps`, each drawn as a closed stand-in for the page's
 *  loader to open (lib/standIn.ts), in the page's HTML after the app. */
export async function firstVisitStandIns(popUps: string[]): Promise<string> {
  let html = '';
  for (const { popUp } of FIRST_VISIT) if (popUps.includes(popUp)) html += await drawPopUp(popUp, true);
  return html;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The church as schema.org structured data, for the home page. Its address names the
 *  Florida service's word, which the server fills in from the gathering's file. */
function churchJsonLd(): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Church',
    name: site.name,
    url: site.origin,
    description: site.footerTagline,
    address: address.word,
    inLanguage: lang,
  };
  return `<script type="application/ld+json" ${JSON_WORDS_MARKER}>${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

export function render(path: string, year: number): { html: string; head: string } {
  const meta = metaOf(path);
  const template = routeMeta(path) ? descriptionOf(path) : path === offlineMeta.path ? offlineWords.offlinePage.intro : notFoundDescription;
  const description = fill(template);
  // A description that names a gathering's time or a figure carries its template, so
  // the server fills it in again from the current data (src/web/files/personalize.rs).
  const described = template.includes('{') ? `${TEMPLATE_MARKER}="${escapeHtml(template)}" content="${escapeHtml(description)}"` : `content="${escapeHtml(description)}"`;
  setPhotoPlace(path);
  const html = renderToString(<App path={path} year={year} />);
  const url = `${site.origin}${localPath(path)}`;
  const image = `${site.origin}/og-image.jpg`;
  const tags = [
    settingsBlock(),
    contentBlock(),
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" ${described} />`,
  ];
  if (routeMeta(path)) {
    tags.push(
      `<link rel="canonical" href="${url}" />`,
      // The same page in each language, and the English one for a reader of any other.
      ...languages.map(({ code }) => `<link rel="alternate" hreflang="${code}" href="${site.origin}${localPath(path, code)}" />`),
      `<link rel="alternate" hreflang="x-default" href="${site.origin}${localPath(path, languages[0].code)}" />`,
      `<meta property="og:locale" content="${language.locale}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${site.name}" />`,
      `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
      `<meta property="og:description" ${described} />`,
      `<meta property="og:url" content="${url}" />`,
      `<meta property="og:image" content="${image}" />`,
      `<meta property="og:image:width" content="1200" />`,
      `<meta property="og:image:height" content="630" />`,
      `<meta property="og:image:alt" content="${escapeHtml(`${site.name}: ${site.homeTagline}`)}" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
      `<meta name="twitter:description" ${described} />`,
      `<meta name="twitter:image" content="${image}" />`,
    );
  } else {
    tags.push('<meta name="robots" content="noindex" />');
  }
  if (path === '/') tags.push(churchJsonLd());
  return { html, head: tags.join('\n    ') };
}
