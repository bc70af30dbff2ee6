// The words of the campus pages: United States, Pakistan, the Pakistan building,
// Europe and Global Campuses.
import { facts } from './facts';
import { address } from './campuses';

export const unitedStates = {
  intro: 'Two campuses, one family: South Florida gathers every Sunday, and the North Campus is getting ready to launch.',
  galleryHeading: 'Sunday Services',
  gallery: [
    { kind: 'worship', alt: 'Worship on a Sunday in Plantation' },
    { kind: 'bible', alt: 'The message on a Sunday morning' },
    { kind: 'people', alt: 'Welcoming guests at the door' },
  ] as const,
  south: {
    heading: 'South Florida Campus',
    place: 'Plantation, Florida',
    items: [
      { label: 'Sundays 12:00 PM ET', detail: `In person at ${address.oneLine}`, scheduleId: 'sunday-service-florida' },
      { label: 'Wednesdays 7:00 PM ET', detail: 'Bible study, online only', scheduleId: 'bible-study' },
    ],
  },
  north: {
    heading: 'North Campus',
    place: 'Delaware / Pennsylvania region',
    items: [
      { label: 'Wednesdays 7:00 PM ET', detail: 'Bible study, online only', scheduleId: 'bible-study' },
      { label: 'Monthly in-person gathering', detail: 'Coming Soon' },
    ],
    button: 'Interested in Learning More',
  },
  online: {
    heading: 'Join Online Bible Studies',
    text: 'Every Wednesday at 7:00 PM Eastern, from wherever you are.',
    scheduleId: 'bible-study',
    link: { label: 'Go to the Bible study', to: '/bible-study' },
  },
  communityHeading: 'Community Life',
  community: [
    { kind: 'sunrise', alt: 'Serving neighbours in Plantation' },
    { kind: 'people', alt: 'A small group in a living room' },
    { kind: 'worship', alt: 'Night of worship' },
  ] as const,
};

export const pakistan = {
  hero: 'The Well Pakistan',
  intro: 'A growing church where the gospel is changing families, neighbourhoods and the marketplace.',
  claim: `Over ${facts.salvations} salvations in six months.`,
  photos: [
    { kind: 'people', alt: 'The congregation in Pakistan' },
    { kind: 'worship', alt: 'Worship in Urdu' },
    { kind: 'bible', alt: 'Reading the Bible together' },
  ] as const,
  gatherings: [
    // `when` is shown until the schedule answers; then the next time in PKT and the visitor's own.
    { label: 'Sunday Service', when: '10:00 AM PKT', where: 'In person', scheduleId: 'sunday-service-pakistan' },
    { label: 'Wednesday Bible Study', when: '7:00 PM PKT', where: 'In person', scheduleId: 'bible-study-pakistan' },
  ],
  photosHeading: 'Life together',
  video: {
    heading: 'See what God is doing',
    title: 'Stories from The Well Pakistan',
    posterAlt: 'Sunrise over the city in Pakistan, a video still',
    play: 'Play the video from Pakistan',
    pause: 'Pause the video from Pakistan',
  },
  building: {
    heading: 'Building Project',
    text: `We are raising ${facts.buildingGoal} to build a church and a school: a place to worship, and a place for children to learn.`,
    give: 'Give Now',
    more: { label: 'About the building', to: '/pakistan-building' },
  },
  bibles: {
    heading: 'Bibles in Urdu',
    text: `Many new believers have never held a Bible in their own language. ${facts.biblePrice} puts an Urdu Bible in someone’s hands.`,
    give: 'Give for Bibles',
  },
  location: {
    heading: 'Location',
    text: 'For the safety of our members, we share directions personally. Please contact the ministry for directions.',
    link: { label: 'Contact us', to: '/contact' },
  },
};

export const building = {
  narrative:
    `In six months more than ${facts.salvations} people in our Pakistan community have given their lives to Jesus. They meet wherever they can: in homes, in courtyards, in rented rooms. It is time to build.`,
  why: {
    heading: 'Why This Matters',
    points: [
      'A church building gives a growing family a safe, lasting place to worship.',
      'A school gives children, many from families who could never afford one, an education.',
      'Both stand as a witness in the community for generations.',
    ],
  },
  now: {
    heading: 'Why Now',
    text: 'The church is growing faster than any rented room can hold, and land and materials are within reach today. Every gift moves the first stone.',
  },
  blueprintAlt: 'Blueprint of the planned church and school',
  stats: [
    { figure: `${facts.salvations}+`, label: 'salvations in six months' },
    { figure: facts.buildingGoal, label: 'building goal' },
  ],
  give: { label: 'Give Now', to: '/giving' },
};

export const europe = {
  intro: 'The Well in Europe meets online every week, with believers across the continent.',
  study: { heading: 'Weekly Bible Study', when: 'Wednesdays at 7:00 PM Central European time', where: 'Online only', scheduleId: 'europe-bible-study' },
  clockLabel: 'Time in Berlin now',
  join: { label: 'Join Bible Study', to: '/europe-bible-study' },
  countriesHeading: 'Joining us from',
  countries: ['Germany', 'France', 'Belgium', 'Netherlands', 'United Kingdom', 'Italy'],
};

export const globalCampuses = {
  intro: 'One family in many nations. Find the campus nearest you, or join us online.',
  campuses: [
    { name: 'United States', text: 'South Florida in Plantation, and the North Campus for DE, PA and NJ.', to: '/united-states', kind: 'city', scheduleId: undefined },
    { name: 'Pakistan', text: `Over ${facts.salvations} salvations in six months, and a church and school to build.`, to: '/pakistan', kind: 'people', scheduleId: undefined },
    { name: 'Europe', text: 'An online Bible study every Wednesday at 7:00 PM Central European time.', to: '/europe', kind: 'globe', scheduleId: 'europe-bible-study' },
  ] as const,
  claim: `In Pakistan alone, over ${facts.salvations} people have come to faith in six months.`,
};
