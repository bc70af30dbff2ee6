// Generated from src/content/mod.rs by `UPDATE_CONTRACT_TS=1 cargo test contract::` (src/contract.rs): do not edit by hand.
// A Rust test fails when this file and the declarations drift apart.

/**
 * One paragraph of long text, or one list (Markdown below a file's fields).
 */
export type Block = { 
/**
 * Whether this is a list (each item one entry) or a paragraph (one entry).
 */
list: boolean, items: Array<string>, };

/**
 * One point of a sermon's notes.
 */
export type Note = { heading: string, text: string, 
/**
 * The passage it rests on, e.g. "Matthew 25:1-4" (may be empty).
 */
scripture: string, };

/**
 * A sermon, as its file gives it.
 */
export type Sermon = { title: string, 
/**
 * The day it was preached, YYYY-MM-DD.
 */
date: string, 
/**
 * Who preached it (may be empty: the page then names no one).
 */
speaker: string, passage: string, 
/**
 * A YouTube video id, or empty until the video is uploaded.
 */
video: string, description: Array<Block>, notes: Array<Note>, reflection: string, 
/**
 * The names of its fields of words that a page in another language shows in
 * English, its file giving no words for them in that language (`in_english::mark`);
 * empty on English pages.
 */
inEnglish: Array<string>, };

/**
 * A community event, as its file gives it.
 */
export type Event = { title: string, 
/**
 * A short label above the title, e.g. "Outreach"; empty when the file gives none
 * (the pages then say "Community event" in their own language).
 */
tag: string, 
/**
 * The IANA zone its times are local to, e.g. "America/New_York".
 */
zone: string, 
/**
 * Its start and end as instants with their offset in `zone` (ISO 8601).
 */
startsAt: string, 
/**
 * `zone`'s abbreviation at its start, e.g. "EST" (the pages name the zone with it).
 */
abbreviation: string, 
/**
 * `zone`'s name's key among the pages' zone names ("eastern"), or its IANA name.
 */
zoneName: string, endsAt: string, place: string, text: Array<Block>, 
/**
 * An https link for more (sign-up, map), or empty.
 */
link: string, 
/**
 * The names of its fields of words that a page in another language shows in
 * English, its file giving no words for them in that language (`in_english::mark`);
 * empty on English pages.
 */
inEnglish: Array<string>, };

/**
 * The launch service the launch pop-up announces (`content/launch.md`).
 */
export type Launch = { 
/**
 * The IANA zone of its time.
 */
zone: string, 
/**
 * Its start, with its offset (ISO 8601).
 */
startsAt: string, 
/**
 * `zone`'s abbreviation at its start, e.g. "EST".
 */
abbreviation: string, 
/**
 * `zone`'s name's key among the pages' zone names ("eastern"), or its IANA name.
 */
zoneName: string, 
/**
 * The start of the day after it: from then on the first visit skips the launch pop-up.
 */
overAt: string, place: string, 
/**
 * What the pop-up says about it.
 */
intro: Array<Block>, 
/**
 * The names of its fields of words that a page in another language shows in
 * English, its file giving no words for them in that language (`in_english::mark`);
 * empty on English pages.
 */
inEnglish: Array<string>, };

/**
 * A notice a volunteer put up (`thewell notice add`): shown at the top of every
 * page, or of its campus's pages, until it expires.
 */
export type Notice = { 
/**
 * What it says (plain text: markup in it is shown as text).
 */
text: string, 
/**
 * When it leaves the pages, with its offset (ISO 8601).
 */
until: string, 
/**
 * An https link for more, or empty.
 */
link: string, 
/**
 * The campus it is for (one of the site's campus ids), or empty for every page.
 */
campus: string, 
/**
 * The pages it shows on; empty for every page.
 */
routes: Array<string>, 
/**
 * The names of its fields of words that a page in another language shows in
 * English, its file giving no words for them in that language (`in_english::mark`);
 * empty on English pages.
 */
inEnglish: Array<string>, };

/**
 * What the pages show at one instant.
 */
export type Shown = { 
/**
 * The latest sermon preached (by date, none in the future).
 */
sermon: Sermon | null, 
/**
 * The events not yet ended, soonest first.
 */
events: Array<Event>, 
/**
 * The launch service, when one is set (without it the pop-up keeps its built-in words).
 */
launch: Launch | null, 
/**
 * The notices not yet expired.
 */
notices: Array<Notice>, 
/**
 * The gatherings the site lists now (not past their last date), by id.
 */
gatherings: Array<string>, 
/**
 * The words the pages say of the gatherings (`<id>.<word>`, see
 * `schedule::words`) and of the ministry's figures (`figure.<name>`).
 */
words: Record<string, string>, 
/**
 * The names of those words that a page in another language shows in English
 * (`in_english::words_in_english`: a volunteer's place with no words in it);
 * empty on English pages.
 */
wordsInEnglish: Array<string>, };

/** What a site without content files shows: the built-in example sermon, and no event. */
export const defaultContent: Shown = {"sermon":{"title":"The Cost of Oil: How to Keep Your Lamp Burning","date":"2026-11-15","speaker":"","passage":"Matthew 25:1-13","video":"","description":[{"list":false,"items":["In the parable of the ten virgins, five were ready when the bridegroom came and five were not. What keeps a lamp burning through the night? A message on the oil that cannot be borrowed: a living, daily walk with Jesus."]}],"notes":[{"heading":"1. Everyone had a lamp","text":"All ten looked ready from the outside. Being near the things of God is not the same as knowing Him.","scripture":"Matthew 25:1-4"},{"heading":"2. The delay reveals the oil","text":"The bridegroom was delayed and all of them slept. Waiting shows what we are carrying.","scripture":"Matthew 25:5"},{"heading":"3. Oil cannot be borrowed","text":"The wise could not give their oil away. Intimacy with God is personal: no one can pray, worship or obey for you.","scripture":"Matthew 25:8-9"},{"heading":"4. Keep your lamp burning","text":"Buy oil while you can: time in the Word, in prayer and in community, every day.","scripture":"Matthew 25:13"}],"reflection":"Reflect: where is my oil running low, and what is one daily habit that would refill it this week?","inEnglish":[]},"events":[],"launch":null,"notices":[],"gatherings":["bible-study","europe-bible-study","bible-study-pakistan","sunday-service-florida","sunday-service-pakistan","north-monthly"],"words":{"bible-study-pakistan.address":"In person, Pakistan (contact the ministry for directions)","bible-study-pakistan.day":"Wednesday","bible-study-pakistan.days":"Wednesdays","bible-study-pakistan.every":"every Wednesday","bible-study-pakistan.every-at":"every Wednesday at 7:00 PM Pakistan time","bible-study-pakistan.hours":"Wednesdays · 7:00–8:30 PM Pakistan time","bible-study-pakistan.name":"The Well Pakistan Bible Study","bible-study-pakistan.note":"","bible-study-pakistan.notice":"","bible-study-pakistan.time":"7:00 PM PKT","bible-study-pakistan.when":"Wednesdays 7:00 PM PKT","bible-study-pakistan.where":"In person, Pakistan (contact the ministry for directions)","bible-study-pakistan.zone":"Pakistan time","bible-study.address":"","bible-study.day":"Wednesday","bible-study.days":"Wednesdays","bible-study.every":"every Wednesday","bible-study.every-at":"every Wednesday at 7:00 PM Eastern time","bible-study.hours":"Wednesdays · 7:00–8:30 PM Eastern time","bible-study.name":"The Well Global Bible Study","bible-study.note":"","bible-study.notice":"","bible-study.time":"7:00 PM ET","bible-study.when":"Wednesdays 7:00 PM ET","bible-study.where":"Online","bible-study.zone":"Eastern time","europe-bible-study.address":"","europe-bible-study.day":"Wednesday","europe-bible-study.days":"Wednesdays","europe-bible-study.every":"every Wednesday","europe-bible-study.every-at":"every Wednesday at 7:00 PM Central European time","europe-bible-study.hours":"Wednesdays · 7:00–8:30 PM Central European time","europe-bible-study.name":"The Well Europe Bible Study","europe-bible-study.note":"","europe-bible-study.notice":"","europe-bible-study.time":"7:00 PM Central European time","europe-bible-study.when":"Wednesdays 7:00 PM Central European time","europe-bible-study.where":"Online","europe-bible-study.zone":"Central European time","figure.bible-price":"$10","figure.building-goal":"$35,000","figure.building-percent":"","figure.building-raised":"","figure.building-raised-on":"","figure.city-goal":"$100 million","figure.continents":"3","figure.lives-changed":"800","figure.lives-changed-months":"6","north-monthly.address":"","north-monthly.day":"First Saturday","north-monthly.days":"First Saturdays","north-monthly.every":"soon","north-monthly.every-at":"soon","north-monthly.hours":"Coming soon","north-monthly.name":"The Well North Monthly Gathering","north-monthly.note":"","north-monthly.notice":"","north-monthly.time":"10:00 AM ET","north-monthly.when":"Coming soon","north-monthly.where":"Delaware, Pennsylvania and New Jersey","north-monthly.zone":"Eastern time","sunday-service-florida.address":"1520 NW 65th Ave, Plantation, FL 33313","sunday-service-florida.day":"Sunday","sunday-service-florida.days":"Sundays","sunday-service-florida.every":"every Sunday","sunday-service-florida.every-at":"every Sunday at 12:00 PM Eastern time","sunday-service-florida.hours":"Sundays · 12:00–1:30 PM Eastern time","sunday-service-florida.name":"The Well Sunday Service","sunday-service-florida.note":"","sunday-service-florida.notice":"","sunday-service-florida.time":"12:00 PM ET","sunday-service-florida.when":"Sundays 12:00 PM ET","sunday-service-florida.where":"1520 NW 65th Ave, Plantation, FL 33313","sunday-service-florida.zone":"Eastern time","sunday-service-pakistan.address":"In person, Pakistan (contact the ministry for directions)","sunday-service-pakistan.day":"Sunday","sunday-service-pakistan.days":"Sundays","sunday-service-pakistan.every":"every Sunday","sunday-service-pakistan.every-at":"every Sunday at 10:00 AM Pakistan time","sunday-service-pakistan.hours":"Sundays · 10:00–11:30 AM Pakistan time","sunday-service-pakistan.name":"The Well Pakistan Sunday Service","sunday-service-pakistan.note":"","sunday-service-pakistan.notice":"","sunday-service-pakistan.time":"10:00 AM PKT","sunday-service-pakistan.when":"Sundays 10:00 AM PKT","sunday-service-pakistan.where":"In person, Pakistan (contact the ministry for directions)","sunday-service-pakistan.zone":"Pakistan time"},"wordsInEnglish":[]};

/** The built-in gatherings listed: what a page whose content block is damaged falls
 *  back on (with the words written in the page itself, lib/content.ts). */
export const defaultGatherings: string[] = ["bible-study","europe-bible-study","bible-study-pakistan","sunday-service-florida","sunday-service-pakistan","north-monthly"];

/**
 * What the frontend is told of a part (src/contract.rs emits it): its name and the
 * route it is on (a client-side navigation there fetches the page for it).
 */
export type ServerPart = { name: string, path: string, };

/** The parts of pages the server writes from the content files. */
export const serverParts: ServerPart[] = [{"name":"sermon-list","path":"/media"},{"name":"people-leadership","path":"/leadership"},{"name":"people-worship-team","path":"/worship-team"},{"name":"retention","path":"/privacy-policy"},{"name":"building-progress","path":"/"},{"name":"building-progress","path":"/pakistan"},{"name":"building-progress","path":"/pakistan-building"},{"name":"building-progress","path":"/giving"},{"name":"gatherings-united-states","path":"/united-states"},{"name":"gatherings-bible-study","path":"/bible-study"},{"name":"gatherings-europe","path":"/europe"},{"name":"gatherings-pakistan","path":"/pakistan"}];

/** Each part's HTML on a site without content files, as the server writes it (for prerendering). */
export const defaultPartHtml: Record<string, string> = {
  "building-progress": "",
  "gatherings-bible-study": "",
  "gatherings-europe": "",
  "gatherings-pakistan": "",
  "gatherings-united-states": "",
  "people-leadership": "<section><div class=\"mx-auto w-full max-w-6xl px-4 sm:px-6 py-14\"><div class=\"max-w-3xl\" data-testid=\"no-one-named\"><p class=\"text-lg text-slate-700\">The Well is led by pastors and servant leaders on every campus: South Florida and the North Campus in the United States, Europe (Online), and Pakistan. Together they carry one mission, bringing Jesus to the marketplace. You can meet them on a Sunday in Plantation or at the Wednesday Bible study (Online), and any of them will answer a message sent through our contact page.</p><ul class=\"mt-6 flex flex-wrap gap-3\"><li><a href=\"/contact\" class=\"inline-flex min-h-11 items-center rounded-full border border-sky-900 px-5 font-semibold text-sky-900 hover:bg-sky-50\">Contact us</a></li><li><a href=\"/new-here\" class=\"inline-flex min-h-11 items-center rounded-full border border-sky-900 px-5 font-semibold text-sky-900 hover:bg-sky-50\">Plan your visit</a></li><li><a href=\"/bible-study\" class=\"inline-flex min-h-11 items-center rounded-full border border-sky-900 px-5 font-semibold text-sky-900 hover:bg-sky-50\">Join the Bible study</a></li></ul></div></div></section>",
  "people-worship-team": "<section><div class=\"mx-auto w-full max-w-6xl px-4 sm:px-6 py-14\"><div class=\"max-w-3xl\" data-testid=\"no-one-named\"><p class=\"text-lg text-slate-700\">Worship at The Well is led by musicians, singers and creatives from our campuses, every Sunday in Plantation and every Wednesday at the Bible study (Online). If you sing, play an instrument or create, there is a place for you on the team.</p><ul class=\"mt-6 flex flex-wrap gap-3\"><li><a href=\"/get-involved\" class=\"inline-flex min-h-11 items-center rounded-full border border-sky-900 px-5 font-semibold text-sky-900 hover:bg-sky-50\">Serve on the team</a></li><li><a href=\"/worship\" class=\"inline-flex min-h-11 items-center rounded-full border border-sky-900 px-5 font-semibold text-sky-900 hover:bg-sky-50\">About our worship</a></li><li><a href=\"/contact\" class=\"inline-flex min-h-11 items-center rounded-full border border-sky-900 px-5 font-semibold text-sky-900 hover:bg-sky-50\">Contact us</a></li></ul></div></div></section>",
  "retention": "",
  "sermon-list": "<ol class=\"grid gap-6\" data-testid=\"sermon-list\"><li class=\"rounded-2xl border border-slate-200 bg-white p-5 shadow-sm\" data-book=\"Matthew\"><p class=\"text-xs font-semibold uppercase tracking-wider text-amber-800\"><time datetime=\"2026-11-15\">November 15, 2026</time></p><h3 class=\"mt-1 font-serif text-xl font-semibold text-slate-900\">The Cost of Oil: How to Keep Your Lamp Burning</h3><p class=\"mt-1 text-sm font-medium text-slate-800\">Matthew 25:1-13</p><p class=\"mt-2 text-slate-700\">In the parable of the ten virgins, five were ready when the bridegroom came and five were not. What keeps a lamp burning through the night? A message on the oil that cannot be borrowed: a living, daily walk with Jesus.</p><details class=\"mt-3\"><summary class=\"inline-flex min-h-11 cursor-pointer items-center font-semibold text-sky-800 underline underline-offset-2\">Sermon notes</summary><ol class=\"mt-2 grid gap-3\"><li><p class=\"font-semibold text-sky-900\">1. Everyone had a lamp</p><p class=\"mt-1 text-slate-700\">All ten looked ready from the outside. Being near the things of God is not the same as knowing Him.</p><p class=\"mt-1 text-sm italic text-slate-600 [&:lang(ur)]:not-italic\">Matthew 25:1-4</p></li><li><p class=\"font-semibold text-sky-900\">2. The delay reveals the oil</p><p class=\"mt-1 text-slate-700\">The bridegroom was delayed and all of them slept. Waiting shows what we are carrying.</p><p class=\"mt-1 text-sm italic text-slate-600 [&:lang(ur)]:not-italic\">Matthew 25:5</p></li><li><p class=\"font-semibold text-sky-900\">3. Oil cannot be borrowed</p><p class=\"mt-1 text-slate-700\">The wise could not give their oil away. Intimacy with God is personal: no one can pray, worship or obey for you.</p><p class=\"mt-1 text-sm italic text-slate-600 [&:lang(ur)]:not-italic\">Matthew 25:8-9</p></li><li><p class=\"font-semibold text-sky-900\">4. Keep your lamp burning</p><p class=\"mt-1 text-slate-700\">Buy oil while you can: time in the Word, in prayer and in community, every day.</p><p class=\"mt-1 text-sm italic text-slate-600 [&:lang(ur)]:not-italic\">Matthew 25:13</p></li></ol><p class=\"mt-3 rounded-lg bg-amber-50 p-3 text-slate-800\">Reflect: where is my oil running low, and what is one daily habit that would refill it this week?</p></details></li></ol>"
};
