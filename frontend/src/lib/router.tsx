// The client router: the current path, navigation through the History API, and
// the Link that scrolls smoothly to the top 50 ms after an internal click.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ComponentChildren, JSX } from 'preact';
import { localPath, routeOf } from './lang';
import { frame } from '../content/frame';

interface Router {
  path: string;
  navigate: (to: string) => void;
}

const RouterContext = createContext<Router>({ path: '/', navigate: () => {} });

/** '/about/' and '/about' are the same route; the root stays '/'. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The route an address of this language's pages shows: '/ur/about/' → '/about'. */
export function routeAt(pathname: string): string {
  return normalizePath(routeOf(pathname));
}

interface ProviderProps {
  initialPath: string;
  /** Gets a route ready (its page's code) before it is shown; a rejection means a full page load. */
  prepare?: (path: string) => Promise<unknown>;
  children: ComponentChildren;
}

const moves = new Set<(path: string) => void>();

/** Calls `listener` with each path the visitor moves to within the page (outside the
 *  app's tree: the saved-copy line). Returns the unsubscribe function. */
export function onRouteChange(listener: (path: string) => void): () => void {
  moves.add(listener);
  return () => void moves.delete(listener);
}

export function RouterProvider({ initialPath, prepare, children }: ProviderProps) {
  const [path, setPath] = useState(normalizePath(initialPath));
  useEffect(() => moves.forEach((listener) => listener(path)), [path]);

  useEffect(() => {
    const onPop = () => {
      const next = routeAt(window.location.pathname);
      (prepare ? prepare(next) : Promise.resolve()).then(
        () => setPath(next),
        () => window.location.reload(),
      );
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [prepare]);

  const navigate = useCallback(
    (to: string) => {
      const url = new URL(to, window.location.href);
      const next = routeAt(url.pathname);
      const address = localPath(next) + url.search + url.hash;
      (prepare ? prepare(next) : Promise.resolve()).then(
        () => {
          window.history.pushState(null, '', address);
          setPath(next);
        },
        // The page's code could not be fetched: let the browser load the prerendered page.
        () => window.location.assign(address),
      );
    },
    [prepare],
  );

  const value = useMemo(() => ({ path, navigate }), [path, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useRouter(): Router {
  return useContext(RouterContext);
}

const SCROLL_DELAY_MS = 50;

function scrollToTopSoon() {
  window.setTimeout(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, SCROLL_DELAY_MS);
}

type LinkProps = Omit<JSX.HTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An internal link to route `to` ('/about', in this page's language: /ur/about on an
 *  Urdu page): client-side navigation, then a smooth scroll to the top after 50 ms. */
export function Link({ to, onClick, children, ...rest }: LinkProps) {
  const { path, navigate } = useRouter();
  const current = normalizePath(to) === path;
  return (
    <a
      {...rest}
      href={localPath(to)}
      aria-current={current ? 'page' : rest['aria-current']}
      onClick={(event: JSX.TargetedMouseEvent<HTMLAnchorElement>) => {
        if (typeof onClick === 'function') onClick(event);
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
        scrollToTopSoon();
      }}
    >
      {children}
    </a>
  );
}

/** A link that leaves the site: always a new tab, never handing this page to the other one. */
export function ExternalLink({ href, children, ...rest }: JSX.HTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a {...rest} href={href} target="_blank" rel="noopener">
      {children}
      <span class="sr-only">{frame.opensInNewTab}</span>
    </a>
  );
}
