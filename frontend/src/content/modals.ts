// The words of the pop-up windows.
import { address } from './campuses';

export const globalMinistry = {
  minimize: 'Minimize',
  title: 'Global Ministry',
  subtitle: 'One family. Many nations. One mission.',
  explore: 'Explore Our Campuses',
};

export const whatsNew = {
  title: "What's New",
  // The events and the sermon themselves come from the content files (lib/content.ts).
  noEvents: { tag: 'Events', text: 'No events are planned just now. New ones appear here as soon as they are announced.' },
  more: 'More about this event',
  /** An event's label when its file gives none. */
  eventTag: 'Community event',
  eventsArt: 'Volunteers serving meals in Plantation',
  sermon: { tag: 'Latest sermon', watch: 'Watch Sermon', picture: 'The latest sermon' },
  close: 'See You There!',
};

export const sermon = {
  posterAlt: 'An open Bible on a pulpit, the sermon video still',
  videoSoon: 'The video of this sermon is coming soon. Its message and notes are below.',
  none: 'The next sermon will be here soon.',
  /** The speaker line of a sermon whose speaker is not named yet. */
  noSpeaker: 'A message from The Well',
  viewNotes: 'View Notes',
  backToDescription: 'Back to Description',
  expand: 'Expand',
  minimize: 'Minimize',
};

/** Every form's failure toast when the visitor can act on it (see components/forms/useForm.ts). */
export const failureWords = {
  checkAnswers: 'Please check your answers',
  tooMany: 'Too many submissions from your network just now. Please wait a minute, then try again.',
};

/** Words every form shares. */
export const formWords = {
  /** The submit button while sending. */
  submitting: 'Submitting...',
  /** A list's empty choice. */
  chooseOne: 'Choose one',
  /** The phone field's example, as a number is written where the language is spoken. */
  phoneExample: '(555) 123-4567',
};

/** The mailing-list sign-up ('Join the Mailing List' on /worship, 'Notify Me' on /media). */
export const subscription = {
  messages: {
    success: { title: "You're on the list!", description: "Thank you. We'll email you when there is something new." },
    failure: { title: 'Error', description: 'Failed to sign you up. Please try again.' },
  },
};

export const prayerRequest = {
  title: 'Prayer Request',
  subtitle: "We'd love to pray for you",
  intro: 'Share what is on your heart. Our prayer team will pray for you; your request stays private to them.',
  submit: 'Submit Prayer Request',
  cancel: 'Cancel',
  missing: {
    title: 'Missing Information',
    /** Both missing, or only the one that is. */
    both: 'Please fill in your name and prayer request.',
    name: 'Please fill in your name.',
    prayerRequest: 'Please fill in your prayer request.',
  },
  /** Beside the empty field itself. */
  required: { name: 'Please enter your name.', prayerRequest: 'Please write your prayer request.' },
  messages: {
    success: { title: 'Prayer Request Submitted', description: 'Thank you for sharing your prayer request. Our team will be praying for you.' },
    failure: { title: 'Error', description: 'Failed to submit prayer request. Please try again.' },
  },
};

export const launch = {
  picture: 'Sunrise over Plantation, Florida',
  title: "We're Launching!",
  intro: `The Well is opening its doors in {campus.south-florida.region}. Come to our launch service at ${address.oneLine}: worship, a message of hope, and a family to belong to.`,
  when: '{sunday-service-florida.when}',
  scheduleId: 'sunday-service-florida',
  attend: "I'll Be There!",
  formTitle: "Let us know you're coming!",
  submit: 'Confirm Attendance',
  thanks: { eyebrow: "WE'RE EXCITED!", heading: 'See you there!', title: 'Thank You!', text: "Your response has been recorded. We can't wait to see you there!" },
  done: 'Close',
  messages: {
    success: { title: 'Success!', description: 'Thanks for confirming your attendance!' },
    failure: { title: 'Error', description: 'Failed to submit your response. Please try again.' },
  },
};

export const welcome = {
  picture: 'The Well around the world',
  title: 'Welcome to The Well',
  text: 'A global ministry bringing Jesus to the marketplace, with campuses in the United States, Pakistan and Europe. Wherever you are, there is a place for you here.',
  links: [
    { label: "I'm new here", to: '/new-here' },
    { label: 'Join the Bible study', to: '/bible-study' },
    { label: 'Our campuses', to: '/global-campuses' },
  ],
  minimized: 'Welcome',
  minimize: 'Minimize',
};

export const northCampus = {
  title: 'North Campus Interest',
  subtitle: '{campus.north.region}',
  intro: "We're preparing to launch in the North. Tell us how you'd like to be part of it.",
  location: 'City and state',
  interests: "I'm interested in",
  consent: 'I agree to be contacted by The Well about the North Campus launch.',
  submit: 'Submit Interest',
  messages: {
    success: { title: 'Interest Submitted!', description: "Thank you for your interest in North Campus. We'll keep you updated on our launch." },
    failure: { title: 'Error', description: 'Failed to submit interest. Please try again.' },
  },
};

export const connectCard = {
  title: 'Connect Card',
  subtitle: "We'd love to get to know you",
  aboutYourVisit: 'About your visit',
  consent: 'I agree to be contacted by phone, email or text.',
  submit: 'Submit Connect Card',
  howDidYouHearLabels: { 'friend-family': 'Friend or family', 'social-media': 'Social media', website: 'Website', outreach: 'Outreach event', other: 'Other' } as Record<string, string>,
  messages: {
    success: { title: 'Connect Card Submitted!', description: "Thank you for connecting with us. We'll be in touch soon." },
    failure: { title: 'Error', description: 'Failed to submit connect card. Please try again.' },
  },
};

export const serve = {
  title: 'Serve Interest Form',
  subtitle: 'Find your place on the team',
  reachBy: 'Best way to reach you',
  consent: 'I understand a ministry leader will contact me to complete the serving process, which may include orientation or training.',
  submit: 'Submit Interest',
  messages: {
    success: { title: 'Serve Interest Submitted!', description: "Thank you for your interest in serving. We'll contact you soon with opportunities." },
    failure: { title: 'Error', description: 'Failed to submit serve interest. Please try again.' },
  },
};

export const joinService = {
  title: 'Join Our Next Service',
  text: 'Worship with us in person in {campus.south-florida.city}, or at the {bible-study.day} Bible study: {bible-study.where}.',
  items: [
    // `when` is shown until the schedule answers; then the next time in its zone and the visitor's.
    { label: '{sunday-service-florida.day} Service', when: '{sunday-service-florida.when}', place: '{sunday-service-florida.where}', scheduleId: 'sunday-service-florida' },
    { label: '{bible-study.day} Bible Study', when: '{bible-study.when}', place: '{bible-study.where}', scheduleId: 'bible-study' },
  ],
  plan: { label: 'Plan your visit', to: '/new-here' },
  study: { label: 'Join the Bible study', to: '/bible-study' },
};
