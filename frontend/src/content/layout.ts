// The site's shared words and navigation. The links, videos, speaker and email a
// volunteer sets live in the server's settings (`thewell site`; see lib/settings.ts).
import { defaultSettings } from './settings.generated';

export interface NavLink {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
  /** Links left out of the mobile accordion (the mobile About group omits Beliefs). */
  mobileOmits?: string[];
}

export const site = {
  name: 'The Well',
  /**
   * The public address of the site, for canonical links, sharing previews and the sitemap.
   * Prerendering writes the placeholder; the server puts the `site-url` setting in its place.
   */
  origin: defaultSettings.siteUrl,
  homeTagline: 'Love God. Love People. Change the World.',
  footerTagline: 'A global ministry bringing Jesus to the marketplace. One family. Many nations. One mission.',
} as const;

export const navGroups: NavGroup[] = [
  {
    label: 'Global',
    links: [
      { label: 'United States', to: '/united-states' },
      { label: 'Pakistan', to: '/pakistan' },
      { label: 'Europe', to: '/europe' },
    ],
  },
  {
    label: 'About',
    links: [
      { label: 'About The Well', to: '/about' },
      { label: 'Leadership', to: '/leadership' },
      { label: 'Beliefs', to: '/beliefs' },
      { label: 'Contact Us', to: '/contact' },
    ],
    mobileOmits: ['/beliefs'],
  },
  {
    label: 'Worship',
    links: [
      { label: 'Music', to: '/worship' },
      { label: 'Team', to: '/worship-team' },
    ],
  },
  {
    label: 'Resources',
    links: [
      { label: 'Books', to: '/books' },
      { label: 'Podcast', to: '/podcast' },
      { label: 'Devotionals', to: '/devotionals' },
    ],
  },
];

export const directLinks: NavLink[] = [
  { label: 'Get Involved', to: '/get-involved' },
  { label: 'The City', to: '/the-city' },
];

export const footerLists: { heading: string; links: NavLink[] }[] = [
  {
    heading: 'Resources',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Leadership', to: '/leadership' },
      { label: 'Beliefs', to: '/beliefs' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    heading: 'Global Campuses',
    links: [
      { label: 'United States', to: '/united-states' },
      { label: 'Pakistan', to: '/pakistan' },
      { label: 'Europe', to: '/europe' },
      { label: 'Bible Study', to: '/bible-study' },
    ],
  },
];

export const legalLinks: NavLink[] = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
];
