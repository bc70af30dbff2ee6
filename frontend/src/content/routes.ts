// Every route of the site with the words that name it (title, heading); what
// describes it to search engines is in descriptions.ts, which the browser never loads.
// The prerender script writes one HTML file per entry; the server knows a route
// exactly when that file exists, so this list is the one source of routes.

/** Every pop-up, by the name a button opens it with (components/ModalHost.tsx has a
 *  loader for each). */
export type ModalName =
  | 'global-ministry'
  | 'whats-new'
  | 'prayer-request'
  | 'sermon'
  | 'north-campus'
  | 'connect-card'
  | 'serve'
  | 'join-service'
  | 'launch'
  | 'welcome';

export interface RouteMeta {
  path: string;
  title: string;
  heading: string;
  /** The component in src/pages/ that draws the route. */
  page: string;
  /** The pop-ups that may open by themselves as the page loads: their code comes with
   *  the page's, so opening one is not a fetch (and a long task) of its own. */
  popUps?: ModalName[];
  /** The pop-up form this address stands for: the page holds its form (it works
   *  without script), and the buttons that open the pop-up are links here. */
  popUp?: PopUpForm;
}

/** The pop-ups that hold a form, each with an address of its own. */
export type PopUpForm = Extract<ModalName, 'prayer-request' | 'connect-card' | 'serve' | 'north-campus' | 'launch'>;

export const routes: RouteMeta[] = [
  { path: '/', title: 'The Well | Love God. Love People. Change the World.', heading: 'The Well', page: 'Home', popUps: ['launch', 'welcome'] },
  { path: '/united-states', title: 'United States | The Well', heading: 'United States', page: 'UnitedStates' },
  { path: '/pakistan', title: 'Pakistan | The Well', heading: 'Pakistan', page: 'Pakistan' },
  { path: '/pakistan-building', title: 'Pakistan Church & School Building | The Well', heading: 'Pakistan Church & School Building', page: 'PakistanBuilding' },
  { path: '/europe', title: 'Europe | The Well', heading: 'Europe', page: 'Europe' },
  { path: '/about', title: 'About The Well', heading: 'About The Well', page: 'About' },
  { path: '/leadership', title: 'Leadership | The Well', heading: 'Leadership', page: 'Leadership' },
  { path: '/beliefs', title: 'Beliefs | The Well', heading: 'What We Believe', page: 'Beliefs' },
  { path: '/new-here', title: 'New Here? | The Well', heading: 'New Here?', page: 'NewHere' },
  { path: '/groups', title: 'Groups | The Well', heading: 'Groups', page: 'Groups' },
  { path: '/get-involved', title: 'Get Involved | The Well', heading: 'Get Involved', page: 'GetInvolved' },
  { path: '/bible-study', title: 'Global Bible Study | The Well', heading: 'Global Bible Study', page: 'BibleStudy' },
  { path: '/europe-bible-study', title: 'Europe Bible Study | The Well', heading: 'Europe Bible Study', page: 'EuropeBibleStudy' },
  { path: '/worship', title: 'Music | The Well', heading: 'Worship', page: 'Worship' },
  { path: '/worship-team', title: 'Worship Team | The Well', heading: 'Worship Team', page: 'WorshipTeam' },
  { path: '/books', title: 'Books | The Well', heading: 'Books', page: 'ComingSoon' },
  { path: '/podcast', title: 'Podcast | The Well', heading: 'Podcast', page: 'ComingSoon' },
  { path: '/devotionals', title: 'Devotionals | The Well', heading: 'Devotionals', page: 'ComingSoon' },
  { path: '/contact', title: 'Contact Us | The Well', heading: 'Contact Us', page: 'Contact' },
  { path: '/global-campuses', title: 'Global Campuses | The Well', heading: 'Global Campuses', page: 'GlobalCampuses' },
  { path: '/media', title: 'Media | The Well', heading: 'Media', page: 'Media' },
  { path: '/the-city', title: 'The City | The Well', heading: 'The City', page: 'TheCity' },
  { path: '/giving', title: 'Giving | The Well', heading: 'Giving', page: 'Giving' },
  { path: '/privacy-policy', title: 'Privacy Policy | The Well', heading: 'Privacy Policy', page: 'Legal' },
  { path: '/terms-of-service', title: 'Terms of Service | The Well', heading: 'Terms of Service', page: 'Legal' },
  { path: '/prayer-request', title: 'Prayer Request | The Well', heading: 'Prayer Request', page: 'PopUpForm', popUp: 'prayer-request' },
  { path: '/connect-card', title: 'Connect Card | The Well', heading: 'Connect Card', page: 'PopUpForm', popUp: 'connect-card' },
  { path: '/serve', title: 'Serve | The Well', heading: 'Serve Interest Form', page: 'PopUpForm', popUp: 'serve' },
  { path: '/north-campus', title: 'North Campus Interest | The Well', heading: 'North Campus Interest', page: 'PopUpForm', popUp: 'north-campus' },
  { path: '/launch', title: "We're Launching! | The Well", heading: "We're Launching!", page: 'PopUpForm', popUp: 'launch' },
];

/** The address of a pop-up form's own page ('/prayer-request'). */
export function popUpAddress(name: PopUpForm): string {
  return routes.find((r) => r.popUp === name)!.path;
}

/** What the 404 page says under its heading (also its meta description). */
export const notFoundDescription = "We couldn't find that page. It may have moved, or the link may have a typo.";

/** Where a lost visitor most likely wanted to go (the 404 page's links). */
export const notFoundOnwards = [
  { to: '/', label: 'Back to home' },
  { to: '/new-here', label: 'New here?' },
  { to: '/bible-study', label: 'Bible Study' },
  { to: '/contact', label: 'Contact us' },
];

export const notFoundMeta: RouteMeta = {
  path: '/404',
  title: 'Page Not Found | The Well',
  heading: 'Page Not Found',
  page: 'NotFound',
};

export function routeMeta(path: string): RouteMeta | undefined {
  return routes.find((r) => r.path === path);
}

/** The page the service worker shows for an address not saved on the phone, offline.
 *  It is prerendered as /offline.html; its #app element names this path. */
export const offlineMeta: RouteMeta = {
  path: '/offline',
  title: 'Offline | The Well',
  heading: "You're offline",
  page: 'Offline',
};

/** The meta of a path: a route, the offline page, else the 404 page. */
export function metaOf(path: string): RouteMeta {
  return routeMeta(path) ?? (path === offlineMeta.path ? offlineMeta : notFoundMeta);
}
