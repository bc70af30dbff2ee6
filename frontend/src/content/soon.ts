// What the site says in place of an outside link or address the volunteer has not set
// yet (components/SetOrSoon.tsx): honest words, never a placeholder domain.
export const soon = {
  /** Every Give button while the giving page is not set (it leads to /go/giving, which says the same). */
  giving: 'Online giving opens soon',
  /** The header's Donate while the giving page is not set. */
  donate: 'Giving soon',
  oneTimeGift: 'One-time gifts open soon',
  churchApp: 'The church app opens soon',
  /** In place of the ministry's email address. */
  email: { lead: 'Write to us with', link: 'the form on our contact page', to: '/contact', here: 'the form on this page' },
};
