// Leadership and the worship team: each place with its role, and the person's name once
// the ministry gives it (name: 'Maria Lopez'). A section with no one named says in one
// line that its people will be introduced soon; a named person gets a card with a
// photo slot (leader-<section>-<n>, worship-team-<n>).
const unnamed = '';

/** What a section with no one named yet says, with a link to the contact page. */
export const introducedSoon = { text: 'Introduced here soon.', contact: 'Contact us', after: 'in the meantime.' };

export const leadership = {
  intro: 'Servant leaders across every campus of The Well.',
  sections: [
    { heading: 'Senior Leaders', people: [{ name: unnamed, title: 'Senior Pastor' }, { name: unnamed, title: 'Senior Pastor' }] },
    { heading: 'Executive Team', people: [{ name: unnamed, title: 'Executive Pastor' }, { name: unnamed, title: 'Director of Operations' }, { name: unnamed, title: 'Director of Finance' }] },
    { heading: 'Global', people: [{ name: unnamed, title: 'Global Missions Director' }, { name: unnamed, title: 'Europe Online Host' }] },
    { heading: 'South Florida Campus', people: [{ name: unnamed, title: 'Campus Pastor' }, { name: unnamed, title: 'Worship Leader' }, { name: unnamed, title: 'Connect Team Lead' }] },
    { heading: 'North Campus (DE, PA, NJ)', people: [{ name: unnamed, title: 'Campus Pastor' }, { name: unnamed, title: 'Launch Team Lead' }] },
    { heading: 'Pakistan Campus', people: [{ name: unnamed, title: 'Campus Pastor' }, { name: unnamed, title: 'School Director' }] },
  ],
};

export const worshipTeam = {
  intro: 'The musicians, singers and creatives who lead The Well in worship.',
  members: [
    { name: unnamed, role: 'Worship Pastor' },
    { name: unnamed, role: 'Worship Leader' },
    { name: unnamed, role: 'Vocalist' },
    { name: unnamed, role: 'Vocalist' },
    { name: unnamed, role: 'Keys' },
    { name: unnamed, role: 'Guitar' },
    { name: unnamed, role: 'Bass' },
    { name: unnamed, role: 'Drums' },
    { name: unnamed, role: 'Sound Engineer' },
  ],
};
