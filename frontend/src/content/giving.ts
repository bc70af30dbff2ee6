// The words of The City and Giving pages (/giving is a real page: each fund with a
// button to the outside giving page).
import type { ArtKind } from './art';

export const city = {
  intro: 'A vision for a city shaped by the Kingdom of God: every sphere of life, redeemed.',
  video: { title: 'The vision of The City', posterAlt: 'A city skyline at dusk, the video still', play: 'Play The City vision video' },
  blueprint: {
    heading: 'The Vision Blueprint',
    spheres: [
      { title: 'Worship', text: 'A house of prayer at the centre of the city.' },
      { title: 'Education', text: 'Schools that form mind and character.' },
      { title: 'Family', text: 'Homes and care for every generation.' },
      { title: 'Business', text: 'Enterprises that create work and fund the mission.' },
      { title: 'Arts & Media', text: 'Studios that tell the story of hope.' },
      { title: 'Government', text: 'Servant leadership and justice for the community.' },
    ],
  },
  goal: { figure: '{figure.city-goal}', label: 'funding goal' },
  give: 'Give to The City',
};

export const giving = {
  intro: 'Every gift carries the gospel further: in {campus.south-florida.city}, across the North, in Europe and in Pakistan.',
  note: 'Giving happens on our secure giving page, which opens in a new tab.',
  funds: [
    { id: 'general', title: 'General Giving', text: 'Supports the ministry of The Well across all its campuses.', button: 'Give', art: 'worship' },
    { id: 'pakistan-building', title: 'Pakistan Church & School', text: 'Help build a church and a school in Pakistan: a {figure.building-goal} goal.', button: 'Give to the Building', art: 'building' },
    { id: 'urdu-bibles', title: 'Urdu Bibles', text: '{figure.bible-price} puts a Bible in Urdu into the hands of a new believer.', button: 'Give for Bibles', art: 'bible' },
  ] as { id: string; title: string; text: string; button: string; art: ArtKind }[],
  oneTime: 'Make a one-time gift',
};

export const legal = {
  updated: 'Last updated August 24, 2025',
  back: 'Back to home',
  contactLine: 'Questions? Write to us at',
  /** In place of the address while the ministry's email is not set. */
  contactSoon: 'Questions? Write to us with',
  place: 'The Well, {campus.south-florida.city}, FL',
  privacy: [
    { heading: 'What we collect', text: 'Only what you send us in a form: your name and contact details, and what you choose to share, such as a prayer request. We do not store your IP address with your submissions.' },
    { heading: 'How we use it', text: 'To pray for you, answer you, and keep you informed when you ask us to. We never sell your information.' },
    { heading: 'Who sees it', text: 'Only the ministry staff and volunteers who respond to you. Prayer requests are read by our prayer team alone.' },
    { heading: 'Your choices', text: 'Ask us at any time to see or delete what you have sent, and we will.' },
    { heading: 'Children', text: 'This site is not intended for children under 13, and we do not knowingly collect information from them.' },
  ],
  terms: [
    { heading: 'Using this site', text: 'This site shares the ministry of The Well. You may use it for personal, non-commercial purposes.' },
    { heading: 'Giving', text: 'Gifts are made through a third-party giving page under its own terms.' },
    { heading: 'Content', text: 'Sermons, music and text belong to The Well or their authors; please ask before republishing.' },
    { heading: 'No warranty', text: 'The site is provided as is. Times and events may change; check with us before travelling.' },
    { heading: 'Governing law', text: 'These terms are governed by the laws of the State of Florida.' },
  ],
};
