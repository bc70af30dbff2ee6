// The application shell: the router, the chrome around every page (header, floating
// buttons, footer, notifications, modals), and the page for the current path; the
// notices, the header, the quick buttons, the page's sections and the footer come alive
// each in a task of its own (lib/later.tsx).
import { useEffect } from 'react';
import { QuickActions } from './components/FloatingButtons';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { LanguageOffer } from './components/Languages';
import { ModalHost } from './components/ModalHost';
import { Notices } from './components/Notices';
import { Toaster } from './components/Toaster';
import { metaOf, notFoundMeta, offlineMeta } from './content/routes';
import { Later } from './lib/later';
import { loadPage, pageIfLoaded } from './lib/pageLoader';
import { RouterProvider, useRouter } from './lib/router';
import { notePageShown } from './offline/page';
import { prepareParts } from './lib/serverParts';
import NotFound from './pages/NotFound';
import { frame } from './content/frame';

function CurrentPage() {
  const { path } = useRouter();
  const meta = metaOf(path);

  useEffect(() => {
    document.title = meta.title;
    // The service worker saves each page shown, for reading it offline later.
    if (meta !== offlineMeta) notePageShown(window.location.pathname);
  }, [meta]);

  const Page = meta !== notFoundMeta && pageIfLoaded(meta.page);
  return Page ? <Page meta={meta} /> : <NotFound />;
}

/** Before a route is shown, its page's code is fetched (unknown routes need none), and
 * the parts the server writes in it (the sermons, the people). */
function prepare(path: string): Promise<unknown> {
  const meta = metaOf(path);
  return meta === notFoundMeta ? Promise.resolve() : Promise.all([loadPage(meta.page), prepareParts(path)]);
}

/** `year` is the copyright year: the build's when prerendered, the browser's when hydrated. */
export function App({ path, year }: { path: string; year: number }) {
  return (
    <RouterProvider initialPath={path} prepare={prepare}>
      <ModalHost>
        <a href="#main" class="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
          {frame.skipToContent}
        </a>
        <LanguageOffer />
        <Later>
          <Notices />
        </Later>
        <Later>
          <Header />
        </Later>
        <Later>
          <QuickActions />
        </Later>
        <Later>
          <main id="main" tabIndex={-1} class="min-h-[60vh] focus:outline-none">
            <CurrentPage />
          </main>
        </Later>
        <Later>
          <Footer year={year} />
        </Later>
        <Toaster />
      </ModalHost>
    </RouterProvider>
  );
}
