// Generated from src/schedule.rs and src/bundle.rs by `UPDATE_CONTRACT_TS=1 cargo test contract::` (src/contract.rs): do not edit by hand.
// A Rust test fails when this file and the declarations drift apart.

/**
 * One occurrence other than the current or next one: UTC instants, the local
 * label, and whether it is held, moved or skipped.
 */
export type LaterOccurrence = { start: string, end: string, 
/**
 * As `GatheringNow::label`, on that date (a clock change alters the abbreviation).
 */
label: string, 
/**
 * "held", "moved" or "skipped".
 */
state: string, 
/**
 * Why it was skipped or moved (empty otherwise).
 */
reason: string, 
/**
 * The same in the site's other languages where its file gives it, by code.
 */
reasons: { [key in string]: string }, };

/**
 * A gathering at an instant: live or not, and its current or next times. This is
 * what `GET /api/schedule` answers for each gathering; the frontend's type is
 * generated from it (src/contract.rs).
 */
export type GatheringNow = { id: string, name: string, 
/**
 * Its campus (one of the site's campus ids, e.g. "pakistan").
 */
campus: string, 
/**
 * Its IANA time zone, e.g. America/New_York.
 */
zone: string, live: boolean, 
/**
 * UTC instants (RFC 3339) of the current occurrence when live, else of the next one.
 */
start: string, end: string, 
/**
 * Local start time with the zone's abbreviation on that date, e.g. '7:00 PM EDT'.
 */
label: string, 
/**
 * "held", or "moved" when this occurrence is held at another time than usual.
 */
state: string, 
/**
 * Why it was moved (empty otherwise).
 */
reason: string, 
/**
 * The same in the site's other languages where its file gives it, by code.
 */
reasons: { [key in string]: string }, 
/**
 * Where it meets: "Online" or an address.
 */
place: string, 
/**
 * The meeting link of an online gathering, when the site has one.
 */
meetingUrl: string | null, 
/**
 * Its calendar file.
 */
calendar: string, 
/**
 * The skipped occurrences between now and this one (a cancelled week), with why.
 */
skipped: Array<LaterOccurrence>, 
/**
 * The occurrences after this one (LATER_SHOWN of them, skipped ones included),
 * so that a phone that saved this answer can still say when it meets while it
 * has no signal.
 */
later: Array<LaterOccurrence>, };

/**
 * One stretch of a zone's time at one offset.
 */
export type ZoneSpan = { 
/**
 * From this UTC instant (RFC 3339) until the next span's `from`.
 */
from: string, 
/**
 * The zone's offset from UTC in minutes, east positive (EST: -300, PKT: 300).
 */
offset: number, 
/**
 * Its abbreviation then: "EST", "CEST", "PKT".
 */
abbreviation: string, 
/**
 * Its name's key among the pages' zone names ("eastern"), or its IANA name
 * (`zone_name`).
 */
name: string, };

/**
 * The answer of `GET /api/schedule`: the instant asked about and every gathering then.
 */
export type ScheduleNow = { at: string, gatherings: Array<GatheringNow>, 
/**
 * Each gathering's zone, its offsets from a day before `at` to
 * `zones::ZONE_DAYS_AHEAD` days after: the pages' clocks read the zone's time from them.
 */
zones: { [key in string]: Array<ZoneSpan> }, };

/**
 * One place a photo can replace a drawing, as the frontend build listed it.
 */
export type PhotoSlot = { 
/**
 * The slot's name: the photo's file name without its extension.
 */
slot: string, 
/**
 * What the drawing shows.
 */
alt: string, 
/**
 * Width:height of the frame the photo fills (it is cropped to fit).
 */
ratio: string, 
/**
 * The largest width it is drawn at, in CSS pixels (its photo is made up to three
 * times as wide, for screens with 3 device pixels per CSS pixel).
 */
largest: number, 
/**
 * The pages (or pop-ups) that show it.
 */
places: Array<string>, };

/**
 * A photo as the pages draw it (the settings block's `photos`): the key of what it
 * was made from and each width made (the addresses follow: `/photos/<slot>.<key>.<width>.webp`
 * and `.jpg`), the frame's size in pixels, and, for a photo on the page itself, a
 * blurred placeholder (the others, met only after a client-side navigation or in a
 * pop-up, show their drawing until they load: fewer bytes in every page).
 */
export type ShownPhoto = { key: string, 
/**
 * Every width made, smallest first.
 */
widths: Array<number>, 
/**
 * The largest variant's size: the photo's shape, so nothing moves as it loads.
 */
width: number, height: number, 
/**
 * A `data:` address drawn until the photo loads.
 */
placeholder?: string, };

/** The id of the JSON block in every page that holds the site's settings (the server rewrites it). */
export const SETTINGS_BLOCK_ID = "site-settings";

/** The id of the JSON block in every page that holds what the content files show now (the server rewrites it). */
export const CONTENT_BLOCK_ID = "site-content";

/** The attribute of an element whose inner HTML the server writes from the content files (the page keeps it); its value names the part. */
export const SERVER_PART_MARKER = "data-server-part";

/** The attribute that marks a drawing a photo can replace; its value is the photo slot. */
export const PHOTO_MARKER = "data-photo";

/** The attribute of a drawing that says how wide it is drawn at each layout width (its photo's `sizes`). */
export const PHOTO_SIZES_MARKER = "data-sizes";

/** The attribute of a drawing in a page's first screen: its photo loads at once, first. */
export const PHOTO_FIRST_MARKER = "data-first";

/** The attribute that marks a video spot's 'coming soon' line; its value is the video's setting (emptied by the server once set). */
export const VIDEO_MARKER = "data-video";

/** The attribute of an element that depends on a setting not set yet; its value names the setting (the server renames it to SET_MARKER once set). */
export const UNSET_MARKER = "data-unset";

/** What UNSET_MARKER becomes once its setting is set. */
export const SET_MARKER = "data-set";

/** The attribute of an element whose text is one of the site's words (a gathering's time, a figure); its value names the word. */
export const WORD_MARKER = "data-word";

/** The attribute of a <meta> whose content is made from a text with {word} names; its value is that text (it comes before content). */
export const TEMPLATE_MARKER = "data-template";

/** The attribute of a JSON-LD script whose strings name words as {word}; the server fills them in. */
export const JSON_WORDS_MARKER = "data-json-words";

/** The attribute of an element that shows one gathering; its value is the id (left out once the gathering has ended). */
export const GATHERING_MARKER = "data-gathering";

/** The attribute of the element at the top of every page that holds the current notices. */
export const NOTICES_MARKER = "data-notices";

/** The attribute of every prerendered page's empty <style>; its value names the stylesheet whose rules the server puts in. */
export const STYLESHEET_MARKER = "data-stylesheet";

/** The attribute of every <form>: its value names the form (a form sent without script is answered with its page). */
export const FORM_MARKER = "data-form";

/** The hidden field of every form that names it, for a form the browser sends itself. */
export const FORM_FIELD = "_form";

/** The attribute of a form's hidden thank-you line (the words of its toast). */
export const FORM_THANKS_MARKER = "data-form-thanks";

/** The attribute of a form's hidden line for what went wrong with the whole of it. */
export const FORM_PROBLEM_MARKER = "data-form-problem";

/** The attribute of a field's hidden error line; its value names the field. */
export const ERROR_FOR_MARKER = "data-error-for";

/** Where a gathering's weekly series is served as a calendar file, `{id}` its id. */
export const CALENDAR_PATH = "/calendar/{id}.ics";

/** A figure with its parts ("3:16-17", "18–24", "$12,500"): isolated left to right on a right-to-left page so it reads as written (lib/figures.tsx). */
export const FIGURE_PATTERN = "[$€£]?[0-9]+(?:[,.:][0-9]+)*(?: ?[-–] ?[0-9]+(?:[,.:][0-9]+)*)*[%+]?";
