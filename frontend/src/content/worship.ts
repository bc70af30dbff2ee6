// The words and pictures of the worship page (twelve photos shown of thirteen).
import type { ArtKind } from './art';

export const worship = {
  intro: 'Songs of praise from The Well, written and sung by our church family.',
  video: { title: 'Worship at The Well', posterAlt: 'Worship night, a video still', play: 'Play worship video', pause: 'Pause worship video' },
  photosHeading: 'Moments of Worship',
  shownPhotos: 12,
  photos: [
    { kind: 'worship', alt: 'Hands raised in worship' },
    { kind: 'people', alt: 'The choir rehearsing' },
    { kind: 'worship', alt: 'Acoustic set on a Wednesday' },
    { kind: 'sunrise', alt: 'Easter sunrise service' },
    { kind: 'people', alt: 'The band in prayer before service' },
    { kind: 'worship', alt: 'Keys and vocals' },
    { kind: 'globe', alt: 'Worship night with Pakistan online' },
    { kind: 'worship', alt: 'Youth worship' },
    { kind: 'people', alt: 'Baptism celebration' },
    { kind: 'sunrise', alt: 'Outdoor worship in Plantation' },
    { kind: 'worship', alt: 'Recording session' },
    { kind: 'bible', alt: 'Scripture reading between songs' },
    { kind: 'people', alt: 'Christmas carols' },
  ] as { kind: ArtKind; alt: string }[],
  music: { heading: 'New Music Coming Soon', text: 'Original songs from The Well are on the way. Be the first to hear them.', button: 'Join the Mailing List' },
  file: {
    heading: 'Watch the full set',
    text: 'The direct video file, for slower connections: it loads only when you press play.',
    video: { title: 'The full worship set', posterAlt: 'The worship team on stage, a video still', play: 'Play the full worship set' },
  },
  service: { heading: 'Worship with us in person', button: 'Join Our Next Service' },
};

export const comingSoon: Record<string, { blurb: string; art: ArtKind }> = {
  '/books': { blurb: 'Books and study guides from The Well are being written. Check back soon.', art: 'bible' },
  '/podcast': { blurb: 'Conversations on faith in the marketplace, coming to your favourite podcast app.', art: 'worship' },
  '/devotionals': { blurb: 'Short daily devotionals to start your day in the Word are coming soon.', art: 'sunrise' },
};

export const media = {
  sermonsHeading: 'Sermons',
  intro: 'The sermons preached at The Well, newest first, each with its passage and notes.',
  searchLabel: 'Search sermons',
  filterLabel: 'Book of the Bible',
  allBooks: 'All books',
  empty: 'No sermon matches. Try another word or book.',
  /** '3 sermons shown', for screen readers as the list narrows. */
  shown: { one: '%n sermon shown', other: '%n sermons shown' },
  notify: { heading: 'Get notified', text: 'We will email you when a new sermon is online.', button: 'Notify Me' },
};
