// Every route of the site with the words that describe it (title, heading, summary).
// The prerender script writes one HTML file per entry; the server knows a route
// exactly when that file exists, so this list is the one source of routes.
import { facts } from './facts';


export interface RouteMeta {
  path: string;
  title: string;
  heading: string;
  description: string;
  /** The component in src/pages/ that draws the route. */
  page: string;
}

export const routes: RouteMeta[] = [
  { path: '/', title: 'The Well | Love God. Love People. Change the World.', heading: 'The Well', description: 'The Well is a global ministry bringing Jesus to the marketplace, with campuses in South Florida, the North (DE, PA, NJ), Europe and Pakistan.', page: 'Home' },
  { path: '/united-states', title: 'United States | The Well', heading: 'United States', description: 'The South Florida campus in Plantation, FL and the North Campus for Delaware, Pennsylvania and New Jersey.', page: 'UnitedStates' },
  { path: '/pakistan', title: 'Pakistan | The Well', heading: 'Pakistan', description: `Our Pakistan campus: Sunday service and Wednesday Bible study in person, and over ${facts.salvations} salvations in six months.`, page: 'Pakistan' },
  { path: '/pakistan-building', title: 'Pakistan Church & School Building | The Well', heading: 'Pakistan Church & School Building', description: `Help build a church and school in Pakistan: a ${facts.buildingGoal} goal.`, page: 'PakistanBuilding' },
  { path: '/europe', title: 'Europe | The Well', heading: 'Europe', description: 'An online Bible study every Wednesday at 7:00 PM Central European time.', page: 'Europe' },
  { path: '/about', title: 'About The Well', heading: 'About The Well', description: 'Our mission is to bring Jesus to the marketplace: government, education, family, entertainment and business.', page: 'About' },
  { path: '/leadership', title: 'Leadership | The Well', heading: 'Leadership', description: 'The people who lead The Well across its campuses.', page: 'Leadership' },
  { path: '/beliefs', title: 'Beliefs | The Well', heading: 'What We Believe', description: 'The thirteen statements of faith of The Well.', page: 'Beliefs' },
  { path: '/new-here', title: 'New Here? | The Well', heading: 'New Here?', description: 'What to expect and how to plan your first visit to The Well.', page: 'NewHere' },
  { path: '/groups', title: 'Groups | The Well', heading: 'Groups', description: 'Bible study, marketplace and regional campus groups.', page: 'Groups' },
  { path: '/get-involved', title: 'Get Involved | The Well', heading: 'Get Involved', description: 'Find your place to serve at The Well.', page: 'GetInvolved' },
  { path: '/bible-study', title: 'Global Bible Study | The Well', heading: 'Global Bible Study', description: 'Join the live online Bible study every Wednesday at 7:00 PM Eastern.', page: 'BibleStudy' },
  { path: '/europe-bible-study', title: 'Europe Bible Study | The Well', heading: 'Europe Bible Study', description: 'Join the online Bible study every Wednesday, 7:00-8:30 PM Central European time.', page: 'EuropeBibleStudy' },
  { path: '/worship', title: 'Music | The Well', heading: 'Worship', description: 'Worship music from The Well.', page: 'Worship' },
  { path: '/worship-team', title: 'Worship Team | The Well', heading: 'Worship Team', description: 'Meet the worship team of The Well.', page: 'WorshipTeam' },
  { path: '/books', title: 'Books | The Well', heading: 'Books', description: 'Books from The Well are coming soon.', page: 'ComingSoon' },
  { path: '/podcast', title: 'Podcast | The Well', heading: 'Podcast', description: 'The Well podcast is coming soon.', page: 'ComingSoon' },
  { path: '/devotionals', title: 'Devotionals | The Well', heading: 'Devotionals', description: 'Daily devotionals from The Well are coming soon.', page: 'ComingSoon' },
  { path: '/contact', title: 'Contact Us | The Well', heading: 'Contact Us', description: 'Send The Well a message; we typically respond within 24 hours.', page: 'Contact' },
  { path: '/global-campuses', title: 'Global Campuses | The Well', heading: 'Global Campuses', description: 'The Well in the United States, Pakistan and Europe.', page: 'GlobalCampuses' },
  { path: '/media', title: 'Media | The Well', heading: 'Media', description: 'Sermons and worship from The Well are coming soon.', page: 'Media' },
  { path: '/the-city', title: 'The City | The Well', heading: 'The City', description: `The vision for The City, with a ${facts.cityGoal} funding goal.`, page: 'TheCity' },
  { path: '/giving', title: 'Giving | The Well', heading: 'Giving', description: 'Give to The Well: general giving, the Pakistan church and school building, and Urdu Bibles.', page: 'Giving' },
  { path: '/privacy-policy', title: 'Privacy Policy | The Well', heading: 'Privacy Policy', description: 'How The Well handles the information you share with us.', page: 'Legal' },
  { path: '/terms-of-service', title: 'Terms of Service | The Well', heading: 'Terms of Service', description: 'The terms that govern the use of this website.', page: 'Legal' },
];

export const notFoundMeta: RouteMeta = {
  path: '/404',
  title: 'Page Not Found | The Well',
  heading: 'Page Not Found',
  description: "We couldn't find that page. It may have moved, or the link may have a typo.",
  page: 'NotFound',
};

export function routeMeta(path: string): RouteMeta | undefined {
  return routes.find((r) => r.path === path);
}
