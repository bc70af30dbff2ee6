// What each route's page tells search engines and link previews (its meta
// description). Only the prerender reads the table, so it stays out of the script
// every visitor downloads; a route without one stops the build.

export const descriptions: Record<string, string> = {
  '/': 'The Well is a global ministry bringing Jesus to the marketplace, with campuses in {campus.south-florida.region}, the North, Europe and Pakistan.',
  '/united-states': 'The {campus.south-florida.region} campus in {campus.south-florida.city}, FL and the North Campus for {campus.north.region}.',
  '/pakistan': 'Our Pakistan campus: {sunday-service-pakistan.day} service and {bible-study-pakistan.day} Bible study in person, and over {figure.lives-changed} salvations in {figure.lives-changed-months} months.',
  '/pakistan-building': 'Help build a church and school in Pakistan: a {figure.building-goal} goal.',
  '/europe': 'A Bible study {europe-bible-study.every-at}: {europe-bible-study.where}.',
  '/about': 'Our mission is to bring Jesus to the marketplace: government, education, family, entertainment and business.',
  '/leadership': 'The people who lead The Well across its campuses.',
  '/beliefs': 'The thirteen statements of faith of The Well.',
  '/new-here': 'What to expect and how to plan your first visit to The Well.',
  '/groups': 'Bible study, marketplace and regional campus groups.',
  '/get-involved': 'Find your place to serve at The Well.',
  '/bible-study': 'Join the live Bible study {bible-study.every-at}: {bible-study.where}.',
  '/europe-bible-study': 'Join the Bible study: {europe-bible-study.hours}, {europe-bible-study.where}.',
  '/worship': 'Worship music from The Well.',
  '/worship-team': 'Meet the worship team of The Well.',
  '/books': 'Books from The Well are coming soon.',
  '/podcast': 'The Well podcast is coming soon.',
  '/devotionals': 'Daily devotionals from The Well are coming soon.',
  '/contact': 'Send The Well a message; we typically respond within 24 hours.',
  '/global-campuses': 'The Well in the United States, Pakistan and Europe.',
  '/media': 'The sermons preached at The Well, newest first, each with its passage and notes.',
  '/the-city': 'The vision for The City, with a {figure.city-goal} funding goal.',
  '/giving': 'Give to The Well: general giving, the Pakistan church and school building, and Urdu Bibles.',
  '/privacy-policy': 'How The Well handles the information you share with us.',
  '/terms-of-service': 'The terms that govern the use of this website.',
  '/prayer-request': 'Send The Well a prayer request: our team will pray for you.',
  '/connect-card': 'Fill in a Connect Card so The Well can get to know you.',
  '/serve': 'Tell The Well where you would like to serve.',
  '/north-campus': 'Be part of the North Campus for {campus.north.region} as it launches.',
  '/launch': 'The Well is launching in {campus.south-florida.region}: let us know you are coming.',
};

/** The route's description; throws for a route without one, so the build stops. */
export function descriptionOf(path: string): string {
  const text = descriptions[path];
  if (!text) throw new Error(`content/descriptions.ts has no description for ${path}`);
  return text;
}
