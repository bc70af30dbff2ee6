// The site's settings and shared words. A volunteer edits this file (or, later,
// the settings the server serves) to change links and copy; no logic lives here.

export interface NavLink {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
  /** Links left out of the mobile accordion (SPEC.md: the mobile About group omits Beliefs). */
  mobileOmits?: string[];
}

export const site = {
  name: 'The Well',
  /** The public address of the site, for canonical links, sharing previews and the sitemap. */
  origin: 'https://thewell.example',
  /** Placeholder until the ministry supplies its giving page: it reads as one. */
  givingUrl: 'https://giving.example.org/the-well-placeholder',
  /** The giving page's one-time gift form (placeholder). */
  givingOneTimeUrl: 'https://giving.example.org/the-well-placeholder/one-time',
  /** The church-management app's setup page for groups (placeholder). */
  churchAppUrl: 'https://app.example.org/the-well-placeholder/setup',
  /** The latest sermon on the privacy-mode player (a placeholder video id). */
  sermonVideoId: 'PLACEHOLDER1',
  /** The worship video on the privacy-mode player (a placeholder video id). */
  worshipVideoId: 'PLACEHOLDER2',
  /** A direct video file for the worship page (placeholder address). */
  worshipVideoFile: 'https://media.example.org/the-well-placeholder/worship.mp4',
  /** The speaker of the latest sermon: a placeholder until the ministry names them. */
  sermonSpeaker: 'Speaker to be announced',
  /** Placeholder until the ministry supplies its address: the reserved .example domain. */
  contactEmail: 'contact@thewell.example',
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
