// The words of the home page.
export const home = {
  eyebrow: 'One family. Many nations. One mission.',
  intro:
    'The Well is a global ministry bringing Jesus to the marketplace, with campuses in South Florida, the North (DE, PA, NJ), Europe and Pakistan.',
  primary: { label: 'Join In Person', to: '/united-states' },
  secondary: { label: 'New Here?', to: '/new-here' },
  facts: [
    { figure: '800+', label: 'lives changed in six months' },
    { figure: '3', label: 'continents' },
    { figure: '4', label: 'campuses and growing' },
  ],
  discover: [
    { title: "I'm New", text: 'What to expect and how to plan your visit.', to: '/new-here' },
    { title: 'Bible Study', text: 'Live online every Wednesday at 7:00 PM.', to: '/bible-study' },
    { title: 'Groups', text: 'Find people to grow with.', to: '/groups' },
    { title: 'Get Involved', text: 'Find your place to serve.', to: '/get-involved' },
    { title: 'Global Campuses', text: 'The United States, Pakistan and Europe.', to: '/global-campuses' },
    { title: 'Leadership', text: 'Meet the people who serve you.', to: '/leadership' },
  ],
};
