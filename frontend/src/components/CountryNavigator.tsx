// The country navigator on the Bible-study and campus pages, with the current one marked.
import { countries } from '../content/campuses';
import { Link, useRouter } from '../lib/router';
import { container } from './Blocks';
import { YourTime } from './GatheringTime';
import { Words } from '../lib/words';
import { frame } from '../content/frame';

export function CountryNavigator() {
  const { path } = useRouter();
  return (
    <nav aria-label={frame.countries} class={container}>
      <ul class="grid grid-cols-2 gap-3 md:grid-cols-4">
        {countries.map((c) => {
          const current = c.to === path || (c.also ?? []).includes(path);
          return (
            <li key={c.to}>
              <Link
                to={c.to}
                aria-current={current ? 'true' : undefined}
                class={`block h-full rounded-xl border p-4 ${current ? 'border-sky-900 bg-sky-900 text-white' : 'border-slate-200 bg-white text-slate-900 hover:border-sky-700'}`}
              >
                <span class="block font-semibold">{c.name}</span>
                <span class={`mt-1 block text-sm ${current ? 'text-sky-100' : 'text-slate-600'}`}>
                  <Words text={c.detail} />
                  <YourTime id={c.scheduleId} />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
