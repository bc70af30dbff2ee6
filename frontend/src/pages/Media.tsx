// Media: the sermons preached so far (from the content files, as the server wrote
// them), then 'Coming Soon', a search box and category filter over the media list
// (with an empty state), and 'Notify Me'.
import { useState } from 'react';
import { Art } from '../components/Art';
import { Section } from '../components/Blocks';
import { SubscriptionForm } from '../components/forms/SubscriptionForm';
import { PageHeading } from '../components/PageHeading';
import { ServerPart } from '../components/ServerPart';
import type { RouteMeta } from '../content/routes';
import { media as copy } from '../content/worship';

export default function Media({ meta }: { meta: RouteMeta }) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('all');
  const words = query.trim().toLowerCase();
  const shown = copy.items.filter(
    (item) => (category === 'all' || item.category === category) && (!words || `${item.title} ${item.speaker ?? ''}`.toLowerCase().includes(words)),
  );
  return (
    <>
      <PageHeading title={meta.heading}>
        <p class="font-semibold uppercase tracking-[0.2em] text-amber-300">{copy.banner}</p>
        <p class="mt-2">{copy.intro}</p>
      </PageHeading>
      <Section title={copy.sermonsHeading}>
        <ServerPart name="sermon-list" />
      </Section>
      <Section>
        <div class="grid gap-4 sm:grid-cols-[1fr_auto]" role="search">
          <div>
            <label for="media-search" class="block text-sm font-medium text-slate-800">
              {copy.searchLabel}
            </label>
            <input id="media-search" type="search" class="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2" value={query} onInput={(e) => setQuery((e.target as HTMLInputElement).value)} />
          </div>
          <div>
            <label for="media-category" class="block text-sm font-medium text-slate-800">
              {copy.filterLabel}
            </label>
            <select id="media-category" class="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2" value={category} onChange={(e) => setCategory((e.target as HTMLSelectElement).value)}>
              {copy.categories.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p class="sr-only" aria-live="polite">
          {shown.length} {shown.length === 1 ? 'item' : 'items'} shown
        </p>
        {shown.length ? (
          <ul class="mt-8 grid gap-6 md:grid-cols-3" data-testid="media-list">
            {shown.map((item) => (
              <li key={item.id} class="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                <Art kind={item.art} alt={item.title} ratio="aspect-video" class="rounded-none" />
                <div class="p-4">
                  <p class="text-xs font-semibold uppercase tracking-wider text-amber-800">{item.category}</p>
                  <h2 class="mt-1 font-serif text-lg font-semibold text-slate-900">{item.title}</h2>
                  <p class="mt-1 text-sm text-slate-700">
                    {[item.speaker, item.duration, item.date].filter(Boolean).join(' · ')}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p class="mt-8 rounded-xl bg-slate-100 p-6 text-slate-700" data-testid="media-empty">
            {copy.empty}
          </p>
        )}
      </Section>
      <Section title={copy.notify.heading} intro={copy.notify.text} tone="tint">
        <div class="max-w-xl">
          <SubscriptionForm list="media" button={copy.notify.button} />
        </div>
      </Section>
    </>
  );
}
