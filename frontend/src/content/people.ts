// Leadership and the worship team: what each page says above its people. The people
// themselves are content files (`thewell content new person`), written into the
// pages by the server (src/page_parts/people_list.rs).
export const leadership = {
  intro: 'Servant leaders across every campus of The Well.',
};

export const worshipTeam = {
  intro: 'The musicians, singers and creatives who lead The Well in worship.',
};
