// The words of New Here, Groups and Get Involved.
import { address } from './campuses';

export const newHere = {
  welcome: "Whoever you are and wherever you're from, you are welcome here.",
  expect: {
    heading: 'What to Expect',
    items: [
      { title: 'Worship', text: 'Contemporary worship led by our band, with words on the screens.' },
      { title: 'A message', text: 'A practical message from the Bible, about 35 minutes long.' },
      { title: 'Come as you are', text: 'Dress casually; there is coffee and a warm welcome at the door.' },
    ],
  },
  visit: {
    heading: 'Plan Your Visit',
    campus: '{campus.south-florida.name}',
    items: [
      { label: 'Address', detail: address.oneLine },
      { label: '{sunday-service-florida.day} Service', detail: '{sunday-service-florida.time}, in person', scheduleId: 'sunday-service-florida' },
      { label: '{bible-study.day} Bible Study', detail: '{bible-study.time}, {bible-study.where}', scheduleId: 'bible-study' },
    ],
  },
  study: { text: 'Not in Florida? Join our Bible study {bible-study.every}: {bible-study.where}.', link: { label: 'Join the Bible study', to: '/bible-study' } },
  connect: { heading: 'Let us get to know you', text: 'Fill in a Connect Card and someone from our team will reach out.', button: 'Fill Out a Connect Card' },
};

export const groups = {
  intro: 'Life is better together. Groups are where friendships form and faith grows.',
  types: [
    { title: 'Bible Study Groups', text: 'Dig into Scripture together on {bible-study.days} ({bible-study.where}) or in homes through the week.' },
    { title: 'Marketplace Groups', text: 'Professionals and business owners learning to carry Jesus into their work.' },
    { title: 'Regional Campus Groups', text: 'Gatherings in {campus.north.region} and beyond while new campuses take shape.' },
  ],
  app: { heading: 'Find and join a group', text: 'Groups are organised in our church app. Set up your account to browse and join.', label: 'Set Up the Church App' },
};

export const getInvolved = {
  intro: 'There is a place for you on the team. Use your gifts to serve God and people.',
  why: {
    heading: 'Why Serve?',
    reasons: [
      { title: 'Grow spiritually', text: 'Serving stretches faith and builds character.' },
      { title: 'Build relationships', text: 'Teams become family as you serve side by side.' },
      { title: 'Eternal impact', text: 'Every role helps someone meet Jesus.' },
    ],
  },
  areas: {
    heading: 'Where You Can Serve',
    list: [
      { title: 'Worship & Creative', text: 'Vocals, instruments, video, photography, design and social media.' },
      { title: 'Hospitality & Guest Experience', text: 'Parking, greeting, ushering and the Connect Team.' },
      { title: 'Teaching & Discipleship', text: 'Bible study leaders, small group facilitators and mentors.' },
      { title: 'Media & Communications', text: 'Cameras, lights, sound and livestream production.' },
      { title: 'Outreach & Missions', text: 'Local outreach and global missions trips.' },
      { title: 'Children & Youth', text: 'Kids and youth ministry: shaping the next generation.' },
    ],
  },
  steps: {
    heading: 'Three Steps to Start',
    list: [
      { title: 'Pray and explore', text: 'Ask God where He is calling you, and look through the areas above.' },
      { title: 'Sign up', text: 'Fill in the Serve Interest Form.' },
      { title: 'Meet a leader', text: 'A ministry leader will contact you about orientation or training.' },
    ],
  },
  button: 'Sign Up to Serve',
  buttonBottom: 'Fill Out the Serve Interest Form',
};
