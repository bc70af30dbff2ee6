// Media: the sermons preached so far (from the content files, as the server wrote
// them), a search box and a filter by book of the Bible over that same list (with
// an empty state), and 'Notify Me'. The list is the server's HTML, so searching
// hides and shows its items rather than drawing a list of its own.
import { useEffect, useState } from 'react';
import { Section } from '../components/Blocks';
import { SubscriptionForm } from '../components/forms/SubscriptionForm';
import { PageHeading } from '../components/PageHeading';
import { ServerPart } from '../components/ServerPart';
import type { RouteMeta } from '../content/routes';
import { media as copy } from '../content/worship';
import { Parts } from '../lib/later';
import { slotted } from '../lib/lang';

const LIST = 'sermon-list';

/** The sermons of the server's list: the newest in full and the earlier ones as lines. */
function sermonItems(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`#${LIST} li[data-book]`)];
}

export default function Media({ meta }: { meta: RouteMeta }) {
  const [query, setQuery] = useState('');
  const [book, setBook] = useState('');
  const [books, setBooks] = useState<[string, 'en' | undefined][]>([]);
  const [shown, setShown] = useState<number | null>(null);

  useEffect(() => {
    // Each book once, with the language the server marked it in (`data-book-lang`).
    const found = new Map(sermonItems().map((li) => [li.dataset.book ?? '', li.dataset.bookLang === 'en' ? ('en' as const) : undefined]));
    found.delete('');
    setBooks([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }, []);

  useEffect(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let count = 0;
    for (const li of sermonItems()) {
      const text = (li.textContent ?? '').toLowerCase();
      const match = (!book || li.dataset.book === book) && words.every((w) => text.includes(w));
      li.hidden = !match;
      if (match) count++;
    }
    setShown(count);
  }, [query, book]);

  return (
    <Parts>
      <PageHeading title={meta.heading}>{copy.intro}</PageHeading>
      <Section title={copy.sermonsHeading}>
        {/* Searching needs the page's script: without it the whole list shows, and so do no dead controls. */}
        <div class="mb-8 grid gap-4 sm:grid-cols-[1fr_16rem]" role="search" data-needs-script>
          <div>
            <label for="media-search" class="block text-sm font-medium text-slate-800">
              {copy.searchLabel}
            </label>
            <input id="media-search" type="search" class="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2" value={query} onInput={(e) => setQuery((e.target as HTMLInputElement).value)} />
          </div>
          <div>
            <label for="media-book" class="block text-sm font-medium text-slate-800">
              {copy.filterLabel}
            </label>
            <select id="media-book" class="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2" value={book} onChange={(e) => setBook((e.target as HTMLSelectElement).value)}>
              <option value="">{copy.allBooks}</option>
              {books.map(([b, bookLang]) => (
                // A book as the sermons name it (the volunteer's words).
                <option key={b} value={b} lang={bookLang}>
                  {b}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p class="sr-only" aria-live="polite">
          {shown === null || (!query && !book) ? '' : slotted(shown === 1 ? copy.shown.one : copy.shown.other, { n: String(shown) })}
        </p>
        <ServerPart name={LIST} />
        {shown === 0 && sermonItems().length > 0 && (
          <p class="rounded-xl bg-slate-100 p-6 text-slate-700" data-testid="media-empty">
            {copy.empty}
          </p>
        )}
      </Section>
      <Section title={copy.notify.heading} intro={copy.notify.text} tone="tint">
        <div class="max-w-xl">
          <SubscriptionForm list="media" button={copy.notify.button} />
        </div>
      </Section>
    </Parts>
  );
}
