// The words of the campus pages: United States, Pakistan, the Pakistan building,
// Europe and Global Campuses.

/** One line of a campus's card: its time, what it is, and where (when it has an address). */
export interface CampusItem {
  label: string;
  detail: string;
  place?: string;
  scheduleId?: string;
}

export const unitedStates = {
  intro: 'Two campuses, one family: {campus.south-florida.region} gathers {sunday-service-florida.every}, and the North Campus is getting ready to launch.',
  galleryHeading: '{sunday-service-florida.day} Services',
  gallery: [
    { kind: 'worship', alt: 'Worship on a Sunday in Plantation' },
    { kind: 'bible', alt: 'The message on a Sunday morning' },
    { kind: 'people', alt: 'Welcoming guests at the door' },
  ] as const,
  south: {
    heading: '{campus.south-florida.name}',
    place: '{campus.south-florida.city}, Florida',
    items: <CampusItem[]>[
      { label: '{sunday-service-florida.when}', detail: 'In person at {sunday-service-florida.where}', scheduleId: 'sunday-service-florida' },
      { label: '{bible-study.when}', detail: 'Bible study: {bible-study.where}', scheduleId: 'bible-study' },
    ],
  },
  north: {
    heading: '{campus.north.name}',
    place: '{campus.north.region}',
    items: <CampusItem[]>[
      { label: '{bible-study.when}', detail: 'Bible study: {bible-study.where}', scheduleId: 'bible-study' },
      // Its address shows once a volunteer gives it a date and a place (empty while coming soon).
      { label: 'Monthly in-person gathering', detail: '{north-monthly.when}', place: '{north-monthly.address}', scheduleId: 'north-monthly' },
    ],
    button: 'Interested in Learning More',
  },
  online: {
    heading: 'Join Online Bible Studies',
    text: 'Join us {bible-study.every-at}, from wherever you are.',
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
  claim: 'Over {figure.lives-changed} salvations in {figure.lives-changed-months} months.',
  photos: [
    { kind: 'people', alt: 'The congregation in Pakistan' },
    { kind: 'worship', alt: 'Worship in Urdu' },
    { kind: 'bible', alt: 'Reading the Bible together' },
  ] as const,
  gatherings: [
    // `when` is shown until the schedule answers; then the next time in PKT and the visitor's own.
    { label: '{sunday-service-pakistan.day} Service', when: '{sunday-service-pakistan.time}', where: 'In person', scheduleId: 'sunday-service-pakistan' },
    { label: '{bible-study-pakistan.day} Bible Study', when: '{bible-study-pakistan.time}', where: 'In person', scheduleId: 'bible-study-pakistan' },
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
    text: 'We are raising {figure.building-goal} to build a church and a school: a place to worship, and a place for children to learn.',
    give: 'Give Now',
    more: { label: 'About the building', to: '/pakistan-building' },
  },
  bibles: {
    heading: 'Bibles in Urdu',
    text: 'Many new believers have never held a Bible in their own language. {figure.bible-price} puts an Urdu Bible in someone’s hands.',
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
    'In {figure.lives-changed-months} months, more than {figure.lives-changed} people in our Pakistan community have given their lives to Jesus. They meet wherever they can: in homes, in courtyards, in rented rooms. It is time to build.',
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
    { figure: '{figure.lives-changed}+', label: 'salvations in {figure.lives-changed-months} months' },
    { figure: '{figure.building-goal}', label: 'building goal' },
  ],
  give: { label: 'Give Now', to: '/giving' },
};

export const europe = {
  intro: 'The Well in Europe meets online every week, with believers across the continent.',
  study: { heading: 'Weekly Bible Study', when: '{europe-bible-study.when}', where: '{europe-bible-study.where}', scheduleId: 'europe-bible-study' },
  clockLabel: 'Time in Berlin now',
  join: { label: 'Join Bible Study', to: '/europe-bible-study' },
  countriesHeading: 'Joining us from',
  countries: ['Germany', 'France', 'Belgium', 'Netherlands', 'United Kingdom', 'Italy'],
};

export const globalCampuses = {
  intro: 'One family in many nations. Find the campus nearest you, or join us online.',
  /** Each campus's card; `notices` names a gathering of each campus it covers, whose campus notices it shows. */
  campuses: [
    { name: 'United States', text: '{campus.south-florida.region} in {campus.south-florida.city}, and the North Campus for {campus.north.region}.', to: '/united-states', kind: 'city', scheduleId: undefined, notices: ['sunday-service-florida', 'north-monthly'] },
    { name: 'Pakistan', text: 'Over {figure.lives-changed} salvations in {figure.lives-changed-months} months, and a church and school to build.', to: '/pakistan', kind: 'people', scheduleId: undefined, notices: ['sunday-service-pakistan'] },
    { name: 'Europe', text: 'A Bible study {europe-bible-study.every-at}: {europe-bible-study.where}.', to: '/europe', kind: 'globe', scheduleId: 'europe-bible-study', notices: ['europe-bible-study'] },
  ] as const,
  claim: 'In Pakistan alone, over {figure.lives-changed} people have come to faith in {figure.lives-changed-months} months.',
};
