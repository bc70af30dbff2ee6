// The page for any path that is not a route (served with HTTP status 404).
import { notFoundMeta } from '../content/routes';
import { Link } from '../lib/router';

export default function NotFound() {
  return (
    <section class="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p class="font-serif text-7xl font-semibold text-sky-900">404</p>
      <h1 class="mt-4 font-serif text-3xl font-semibold">{notFoundMeta.heading}</h1>
      <p class="mt-3 text-slate-700">{notFoundMeta.description}</p>
      <Link to="/" class="mt-8 inline-block rounded-full bg-sky-900 px-6 py-3 font-semibold text-white hover:bg-sky-800">
        Back to home
      </Link>
    </section>
  );
}
