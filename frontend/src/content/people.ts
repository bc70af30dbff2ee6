// Leadership and the worship team. Names are placeholders until the ministry supplies
// them, and read as such; replace the names here (and the titles if they change).
const tba = 'Name to be announced';

export const leadership = {
  intro: 'Servant leaders across every campus of The Well.',
  sections: [
    { heading: 'Senior Leaders', people: [{ name: tba, title: 'Senior Pastor' }, { name: tba, title: 'Senior Pastor' }] },
    { heading: 'Executive Team', people: [{ name: tba, title: 'Executive Pastor' }, { name: tba, title: 'Director of Operations' }, { name: tba, title: 'Director of Finance' }] },
    { heading: 'Global', people: [{ name: tba, title: 'Global Missions Director' }, { name: tba, title: 'Europe Online Host' }] },
    { heading: 'South Florida Campus', people: [{ name: tba, title: 'Campus Pastor' }, { name: tba, title: 'Worship Leader' }, { name: tba, title: 'Connect Team Lead' }] },
    { heading: 'North Campus (DE, PA, NJ)', people: [{ name: tba, title: 'Campus Pastor' }, { name: tba, title: 'Launch Team Lead' }] },
    { heading: 'Pakistan Campus', people: [{ name: tba, title: 'Campus Pastor' }, { name: tba, title: 'School Director' }] },
  ],
};

export const worshipTeam = {
  intro: 'The musicians, singers and creatives who lead The Well in worship.',
  members: [
    { name: tba, role: 'Worship Pastor' },
    { name: tba, role: 'Worship Leader' },
    { name: tba, role: 'Vocalist' },
    { name: tba, role: 'Vocalist' },
    { name: tba, role: 'Keys' },
    { name: tba, role: 'Guitar' },
    { name: tba, role: 'Bass' },
    { name: tba, role: 'Drums' },
    { name: tba, role: 'Sound Engineer' },
  ],
};
