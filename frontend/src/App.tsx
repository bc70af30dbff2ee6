// The application shell: the router, the chrome around every page, and the page
// chosen by the current path (or the 404 page).
import { useEffect } from 'react';
import type { FunctionComponent } from 'preact';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { Toaster } from './components/Toaster';
import { notFoundMeta, routeMeta, type RouteMeta } from './content/routes';
import { RouterProvider, useRouter } from './lib/router';
import { About } from './pages/About';
import { Contact } from './pages/Contact';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';
import { Summary } from './pages/Summary';

const pages: Record<string, FunctionComponent<{ meta: RouteMeta }>> = {
  '/': Home,
  '/about': About,
  '/contact': Contact,
};

function CurrentPage() {
  const { path } = useRouter();
  const meta = routeMeta(path);

  useEffect(() => {
    document.title = (meta ?? notFoundMeta).title;
  }, [meta]);

  if (!meta) return <NotFound />;
  const Page = pages[path] ?? Summary;
  return <Page meta={meta} />;
}

/** `year` is the copyright year: the build's when prerendered, the browser's when hydrated. */
export function App({ path, year }: { path: string; year: number }) {
  return (
    <RouterProvider initialPath={path}>
      <a href="#main" class="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} class="min-h-[60vh] focus:outline-none">
        <CurrentPage />
      </main>
      <Footer year={year} />
      <Toaster />
    </RouterProvider>
  );
}
