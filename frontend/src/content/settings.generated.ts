// Generated from src/settings/mod.rs by `UPDATE_CONTRACT_TS=1 cargo test contract::` (src/contract.rs): do not edit by hand.
// A Rust test fails when this file and the declarations drift apart.

import type { ShownPhoto } from '../lib/contract.generated';

export interface SiteSettings {
  /** The site's public address, for sharing previews, canonical links and the sitemap (e.g. https://thewell.church). `serve --domain` uses https://<first domain> until it is set. */
  siteUrl: string;
  /** The online giving page behind Donate and every Give button (each fund adds ?fund=<name>). */
  givingUrl: string;
  /** The giving page's one-time gift form (on /giving). */
  oneTimeGiftUrl: string;
  /** The church-management app's setup page (on /groups). */
  churchAppUrl: string;
  /** The online Bible study's Zoom meeting link (https://zoom.us/j/<number>), shown while it is live and in its calendar files. */
  meetingUrl: string;
  /** The latest sermon on YouTube: its link or its 11-character id (the sermon pop-up). */
  sermonVideo: string;
  /** The worship video on YouTube: its link or its 11-character id (/worship). */
  worshipVideo: string;
  /** The video from the Pakistan campus on YouTube: its link or its 11-character id (/pakistan). Until it is set, the page shows its poster saying the video is coming soon. */
  pakistanVideo: string;
  /** A video file (MP4) played by the browser itself on /worship. */
  worshipVideoFile: string;
  /** A short, silent video file (MP4) looping behind the home page's headline; until set, the headline sits on its drawn background. Not played for visitors who ask for less motion or save data. */
  heroVideoFile: string;
  /** Who preached the latest sermon, for a sermon whose content file names no speaker (the sermon pop-up); until set, no one is named. */
  sermonSpeaker: string;
  /** The ministry's email address (on /contact and the legal pages). */
  contactEmail: string;
  /** How many people in Pakistan have given their lives to Jesus in the months lives-changed-months gives ("800+ lives changed in 6 months" on /, /pakistan, /pakistan-building, /global-campuses). */
  livesChanged: string;
  /** In how many months the lives-changed figure was counted ("in 6 months" wherever the figure is); set it with the figure. */
  livesChangedMonths: string;
  /** On how many continents The Well gathers (the home page's figures). */
  continents: string;
  /** The Pakistan church-and-school building's goal in US dollars (/, /pakistan, /pakistan-building, /giving). */
  buildingGoal: string;
  /** How much has been raised for the building so far, in US dollars. Once set, the building sections show it against the goal with a progress bar and the day it was set (building-raised-on, set with it). */
  buildingRaised: string;
  /** The day the amount raised was last counted (YYYY-MM-DD); `site set building-raised` sets it to today. */
  buildingRaisedOn: string;
  /** What one Urdu Bible costs, in US dollars (/pakistan, /giving). */
  biblePrice: string;
  /** The City's funding goal in US dollars (/the-city, /giving), e.g. 100000000 or '100 million'; the pages write a large sum as each language does ("$100 million", in Urdu ten crore dollars). */
  cityGoal: string;
  /** Photo slot → the photo that replaces its drawing, as made for every screen. */
  photos: Record<string, ShownPhoto>;
}

export const defaultSettings: SiteSettings = {
  siteUrl: "https://thewell.example",
  givingUrl: "https://giving.example.org/the-well-placeholder",
  oneTimeGiftUrl: "https://giving.example.org/the-well-placeholder/one-time",
  churchAppUrl: "https://app.example.org/the-well-placeholder/setup",
  meetingUrl: "https://zoom.us/j/0000000000",
  sermonVideo: "PLACEHOLDER1",
  worshipVideo: "PLACEHOLDER2",
  pakistanVideo: "PLACEHOLDER3",
  worshipVideoFile: "https://media.example.org/the-well-placeholder/worship.mp4",
  heroVideoFile: "",
  sermonSpeaker: "",
  contactEmail: "contact@thewell.example",
  livesChanged: "800",
  livesChangedMonths: "6",
  continents: "3",
  buildingGoal: "35000",
  buildingRaised: "",
  buildingRaisedOn: "",
  biblePrice: "10",
  cityGoal: "100000000",
  photos: {},
};

/** The classes of a photo laid over its drawing (src/web/files/personalize.rs writes the same into prerendered pages). */
export const PHOTO_CLASS = "absolute inset-0 z-10 h-full w-full object-cover";

/** The server's redirects to the outside links (src/web/files/links.rs): current even before the page's script runs. */
export const links = {
  giving: '/go/giving',
  oneTimeGift: '/go/one-time-gift',
  churchApp: '/go/church-app',
  meeting: '/go/meeting',
  worshipVideo: '/go/worship-video',
} as const;
