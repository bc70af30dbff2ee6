// The words of the home page.

export const home = {
  eyebrow: 'One family. Many nations. One mission.',
  intro:
    'The Well is a global ministry bringing Jesus to the marketplace, with campuses in {campus.south-florida.region}, the North, Europe and Pakistan.',
  joinInPerson: { label: 'Join In Person', to: '/united-states' },
  watchNow: 'Watch Now',
  /** The hero's background video (the `hero-video-file` setting), when one is set. */
  heroVideo: { pause: 'Pause background video', play: 'Play background video' },
  liveBanner: {
    scheduleId: 'bible-study',
    next: 'Live Bible study, online from anywhere:',
    fallback: '{bible-study.when}',
    live: 'The Bible study is live now.',
    /** What a skipped week says is not on: 'No Bible study tonight (Thanksgiving).' */
    noun: 'Bible study',
    label: 'Join Online',
    to: '/bible-study',
  },
  discoverHeading: 'Discover The Well',
  discover: [
    { title: "I'm New", text: 'What to expect and how to plan your visit.', to: '/new-here' },
    { title: 'Bible Study', text: 'Live {bible-study.every-at}: {bible-study.where}.', to: '/bible-study', scheduleId: 'bible-study' },
    { title: 'Groups', text: 'Find people to grow with.', to: '/groups' },
    { title: 'Get Involved', text: 'Find your place to serve.', to: '/get-involved' },
    { title: 'Global Campuses', text: 'The United States, Pakistan and Europe.', to: '/global-campuses' },
    { title: 'Leadership', text: 'Meet the people who serve you.', to: '/leadership' },
    { title: 'Media', text: 'The sermons preached so far, with their notes.', to: '/media' },
  ],
  community: {
    heading: 'Community Life',
    intro: 'Church is a family: we worship, eat, serve and pray together.',
    photos: [
      { kind: 'worship', alt: 'Sunday worship in Plantation' },
      { kind: 'people', alt: 'Friends sharing a meal after service' },
      { kind: 'sunrise', alt: 'Serving our city together' },
    ] as const,
  },
  impact: {
    heading: 'Global Impact',
    intro: 'What God is doing through one family in many nations.',
    stats: [
      { figure: '{figure.lives-changed}+', label: 'lives changed in {figure.lives-changed-months} months' },
      { figure: '{figure.continents}', label: 'continents' },
    ],
    link: { label: 'See our campuses', to: '/global-campuses' },
  },
  building: {
    picture: 'Drawing of the planned church and school in Pakistan',
    heading: 'Build a Church and School in Pakistan',
    text: 'Over {figure.lives-changed} people have come to Jesus in {figure.lives-changed-months} months. Help us raise {figure.building-goal} for a church and school building where they can worship and their children can learn.',
    learnMore: { label: 'Learn More', context: ' about the Pakistan building', to: '/pakistan-building' },
    giveNow: { label: 'Give Now', to: '/giving' },
  },
  promo: {
    heading: 'Live Bible Study',
    items: [
      { where: '{bible-study.where}, from the Americas', when: '{bible-study.when}', scheduleId: 'bible-study' },
      { where: '{europe-bible-study.where}, from Europe', when: '{europe-bible-study.when}', scheduleId: 'europe-bible-study' },
      { where: 'In person in Pakistan', when: '{bible-study-pakistan.when}', scheduleId: 'bible-study-pakistan' },
    ],
    link: { label: 'Join the Bible study', to: '/bible-study' },
  },
  minimizedWelcome: 'Read our welcome',
  /** Without script the launch's pop-up never opens: a link to its page instead. */
  launchLink: "We're launching in {campus.south-florida.region}: tell us you're coming",
};
