// The words of the About page: the mission and the five pillars of the marketplace.
export const about = {
  mission:
    'The Well exists to bring Jesus to the marketplace: to the places where people work, learn, govern, create and raise their families, in every nation we are sent to.',
  pillarsHeading: 'The Five Pillars',
  pillarsIntro: 'We carry the love of God into every sphere that shapes a culture.',
  pillars: [
    { name: 'Government', text: 'Praying for and serving those who lead, and raising leaders of integrity.' },
    { name: 'Education', text: 'Investing in students, teachers and schools, from {campus.south-florida.city} to Pakistan.' },
    { name: 'Family', text: 'Strengthening marriages, parents and children as the first church.' },
    { name: 'Entertainment', text: 'Creating music, media and art that point people to Jesus.' },
    { name: 'Business', text: 'Equipping believers to lead, work and give as ministers in the marketplace.' },
  ],
  next: [
    { label: 'Meet our leadership', to: '/leadership' },
    { label: 'Read what we believe', to: '/beliefs' },
  ],
};
