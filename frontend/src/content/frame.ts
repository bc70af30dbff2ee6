// The words of the frame around every page: the header and its menus, the footer, the
// quick actions, dialogs and notifications, and the few words a page says of itself
// (a link that opens a new tab, a page still to come, a video still to come).
export const frame = {
  skipToContent: 'Skip to content',
  /** Said after the wordmark ("The Well") by the link to the home page, to screen readers only:
   *  the link's name begins with the words it shows, so a voice command that says them finds it. */
  homeAfterName: ', home',
  mainNav: 'Main',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  donate: 'Donate',
  allRightsReserved: 'All rights reserved.',
  quickActions: 'Quick actions',
  /** The quick actions' buttons, by the pop-up each opens. */
  quick: { 'global-ministry': 'Global Ministry', 'prayer-request': 'Prayer Request', 'whats-new': "What's New" },
  countries: 'Countries',
  /** After the name of a link that opens in a new tab, for screen readers. */
  opensInNewTab: ' (opens in a new tab)',
  notifications: 'Notifications (F8)',
  dismissNotification: 'Dismiss notification',
  moreBelow: 'More below',
  close: 'Close',
  popUpFailed: { title: 'Error', description: 'This window could not be loaded. Please check your connection and try again.' },
  comingSoon: 'Coming Soon',
  /** A card of a page still to come: its name for screen readers. */
  comingSoonCard: '%name, coming soon',
  backToHome: 'Back to home',
  /** A campus card's name for screen readers. */
  campusCard: '%name campus',
  /** More about a notice. */
  more: 'More',
  sermonNotes: 'Sermon notes',
  /** A video spot's line until its video is set. */
  videoSoon: 'Video coming soon',
  sermonVideo: 'Sermon video: %title',
  /** The line over a volunteer's text that has no translation in the page's language. */
  inEnglish: 'In English:',
};
