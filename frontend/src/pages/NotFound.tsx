// The page for any path that is not a route (served with HTTP status 404): a plain
// sentence for visitors and the places most of them were looking for.
import { notFoundDescription, notFoundMeta, notFoundOnwards as onwards } from '../content/routes';
import { Link } from '../lib/router';

export default function NotFound() {
  return (
    <section class="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p class="font-serif text-7xl font-semibold text-sky-900">404</p>
      <h1 class="mt-4 font-serif text-3xl font-semibold">{notFoundMeta.heading}</h1>
      <p class="mt-3 text-slate-700">{notFoundDescription}</p>
      <ul class="mt-8 flex flex-wrap justify-center gap-3">
        {onwards.map((link, i) => (
          <li key={link.to}>
            <Link
              to={link.to}
              class={`inline-flex min-h-11 items-center rounded-full px-6 py-3 font-semibold ${
                i === 0 ? 'bg-sky-900 text-white hover:bg-sky-800' : 'border border-sky-900 text-sky-900 hover:bg-sky-50'
              }`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
