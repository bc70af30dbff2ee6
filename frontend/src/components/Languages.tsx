// The ways between languages: the switch in the header and the footer (the same page
// in each other language: a full page load, as each language is its own build), and
// the one quiet line an English page offers a browser that prefers another of the
// site's languages, in that language, until dismissed. The server never chooses a
// language by itself; only the visitor does.
import { useEffect, useState } from 'react';
import { language, languages, localPath, type Language } from '../lib/lang';
import { useRouter } from '../lib/router';

/** Links to the current page in each other language, each named in its own language. */
export function LanguageSwitch({ class: linkClass }: { class: string }) {
  const { path } = useRouter();
  return (
    <>
      {languages
        .filter((l) => l.code !== language.code)
        .map((l) => (
          <a key={l.code} href={localPath(path, l.code)} hreflang={l.code} lang={l.code} dir={l.dir} class={linkClass} data-language-switch>
            {l.name}
          </a>
        ))}
    </>
  );
}

const DISMISSED = 'thewell-language-offer-dismissed';

/** The site's language the browser ranks first among the site's languages, if not English. */
function preferred(): Language | undefined {
  for (const wanted of navigator.languages ?? [navigator.language]) {
    const code = wanted.toLowerCase().split('-')[0];
    const found = languages.find((l) => l.code === code);
    if (found) return found.code === languages[0].code ? undefined : found;
  }
  return undefined;
}

/** On an English page, for a browser that prefers another of the site's languages: one
 *  line in that language offering this page in it, until dismissed (remembered on the
 *  phone). Drawn only after the page has come alive, so the prerendered page is the
 *  same for every visitor. */
export function LanguageOffer() {
  const { path } = useRouter();
  const [offer, setOffer] = useState<Language | undefined>(undefined);
  useEffect(() => {
    if (language.code !== languages[0].code) return;
    let dismissed = false;
    try {
      dismissed = localStorage.getItem(DISMISSED) === '1';
    } catch {
      // Storage refused (a private window): offer it on this page only.
    }
    if (!dismissed) setOffer(preferred());
  }, []);
  if (!offer?.offer) return null;
  const dismiss = () => {
    setOffer(undefined);
    try {
      localStorage.setItem(DISMISSED, '1');
    } catch {
      // Not kept: the line comes back on the next page load.
    }
  };
  return (
    <div lang={offer.code} dir={offer.dir} class="bg-sky-50 text-sky-950" data-testid="language-offer">
      <p class="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 px-4 py-1 text-sm sm:px-6">
        <a href={localPath(path, offer.code)} hreflang={offer.code} class="inline-flex min-h-11 items-center font-semibold underline underline-offset-2">
          {offer.offer.link}
        </a>
        <button type="button" class="inline-flex min-h-11 items-center underline-offset-2 hover:underline" onClick={dismiss}>
          {offer.offer.dismiss}
        </button>
      </p>
    </div>
  );
}
