// Generated from src/forms/mod.rs by `UPDATE_CONTRACT_TS=1 cargo test contract::` (src/contract.rs): do not edit by hand.
// A Rust test fails when this file and the declarations drift apart.

export const HONEYPOT = 'website';

export interface PrayerRequest {
  name: string;
  phone: string;
  prayerRequest: string;
}

export const PRAYERREQUEST_FIELDS = {
  name: { label: "Name", required: true, maxLength: 100, options: [] },
  phone: { label: "Phone", required: false, maxLength: 32, options: [] },
  prayerRequest: { label: "Prayer request", required: true, maxLength: 5000, options: [] },
} as const;

export interface ChurchLaunchResponse {
  name: string;
  phone: string;
  email: string;
}

export const CHURCHLAUNCHRESPONSE_FIELDS = {
  name: { label: "Name", required: true, maxLength: 100, options: [] },
  phone: { label: "Phone", required: true, maxLength: 32, options: [] },
  email: { label: "Email", required: true, maxLength: 254, options: [] },
} as const;

export interface NorthCampusInterest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string;
  interests: string[];
  hearAbout: string;
  questions: string;
  consent: boolean;
}

export const NORTHCAMPUSINTEREST_FIELDS = {
  firstName: { label: "First name", required: true, maxLength: 100, options: [] },
  lastName: { label: "Last name", required: true, maxLength: 100, options: [] },
  email: { label: "Email", required: true, maxLength: 254, options: [] },
  phone: { label: "Phone", required: false, maxLength: 32, options: [] },
  location: { label: "Location", required: false, maxLength: 200, options: [] },
  interests: { label: "Interests", required: false, maxLength: 0, options: ["Receiving updates about North Campus launch", "Joining the launch team", "Serving in ministry areas", "Leading a small group or Bible study", "Helping with outreach and community connections", "Supporting through prayer and encouragement"] },
  hearAbout: { label: "How you heard about us", required: false, maxLength: 5000, options: [] },
  questions: { label: "Questions", required: false, maxLength: 5000, options: [] },
  consent: { label: "Consent", required: true, maxLength: 0, options: [] },
} as const;

export interface ConnectCard {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  location: string;
  serviceInfo: string[];
  ageGroup: "Under 18" | "18–24" | "25–34" | "35–44" | "45–54" | "55+" | '';
  howDidYouHear: "friend-family" | "social-media" | "website" | "outreach" | "other" | '';
  nextSteps: string[];
  prayerRequest: string;
  consent: boolean;
}

export const CONNECTCARD_FIELDS = {
  firstName: { label: "First name", required: true, maxLength: 100, options: [] },
  lastName: { label: "Last name", required: true, maxLength: 100, options: [] },
  phone: { label: "Phone", required: true, maxLength: 32, options: [] },
  email: { label: "Email", required: true, maxLength: 254, options: [] },
  location: { label: "Location", required: false, maxLength: 200, options: [] },
  serviceInfo: { label: "Service", required: false, maxLength: 0, options: ["This is my first time", "I've been here before", "I'm visiting from another church"] },
  ageGroup: { label: "Age group", required: false, maxLength: 0, options: ["Under 18", "18–24", "25–34", "35–44", "45–54", "55+"] },
  howDidYouHear: { label: "How you heard about us", required: false, maxLength: 0, options: ["friend-family", "social-media", "website", "outreach", "other"] },
  nextSteps: { label: "Next steps", required: false, maxLength: 0, options: ["I made a decision to follow Jesus today", "I want to be baptized", "I want to join a Bible study", "I want to serve on a team", "I want to learn more about The Well", "I'd like to speak with a pastor"] },
  prayerRequest: { label: "Prayer request", required: false, maxLength: 5000, options: [] },
  consent: { label: "Consent", required: true, maxLength: 0, options: [] },
} as const;

export interface ServeInterest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  contactMethod: string[];
  location: string;
  servicePreference: string[];
  availability: string[];
  aboutYou: string;
  consent: boolean;
  otherSkills: string;
}

export const SERVEINTEREST_FIELDS = {
  firstName: { label: "First name", required: true, maxLength: 100, options: [] },
  lastName: { label: "Last name", required: true, maxLength: 100, options: [] },
  email: { label: "Email", required: true, maxLength: 254, options: [] },
  phone: { label: "Phone", required: true, maxLength: 32, options: [] },
  contactMethod: { label: "Contact method", required: false, maxLength: 0, options: ["Email", "Phone", "Text"] },
  location: { label: "Location", required: false, maxLength: 200, options: [] },
  servicePreference: { label: "Where you'd like to serve", required: false, maxLength: 0, options: ["Worship Leader / Vocalist", "Band / Musician", "Video / Videography", "Photography", "Graphic Design", "Social Media", "Creative Arts", "Cameras / Camera Operator", "Lights / Lighting Tech", "Sound / Audio Engineer", "Broadcast / Livestream", "Production Coordinator", "Parking Team", "Greeter / Usher", "Connect Team", "Bible Study Leader", "Small Group Facilitator", "Mentor", "Local Outreach", "Global Missions Trips", "Kids Ministry", "Youth Ministry"] },
  availability: { label: "Availability", required: false, maxLength: 0, options: ["Sundays", "Weekdays", "Weeknights", "Special Events Only"] },
  aboutYou: { label: "About you", required: false, maxLength: 5000, options: [] },
  consent: { label: "Consent", required: true, maxLength: 0, options: [] },
  otherSkills: { label: "Other skills", required: false, maxLength: 5000, options: [] },
} as const;

export interface Contact {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
}

export const CONTACT_FIELDS = {
  firstName: { label: "First name", required: true, maxLength: 100, options: [] },
  lastName: { label: "Last name", required: true, maxLength: 100, options: [] },
  email: { label: "Email", required: true, maxLength: 254, options: [] },
  subject: { label: "Subject", required: true, maxLength: 200, options: [] },
  message: { label: "Message", required: true, maxLength: 5000, options: [] },
} as const;

export interface Subscription {
  email: string;
  list: "music" | "media" | '';
}

export const SUBSCRIPTION_FIELDS = {
  email: { label: "Email", required: true, maxLength: 254, options: [] },
  list: { label: "List", required: true, maxLength: 0, options: ["music", "media"] },
} as const;

export const SERVICE_PREFERENCE_GROUPS = [
  { group: "Worship", options: ["Worship Leader / Vocalist", "Band / Musician"] },
  { group: "Creative", options: ["Video / Videography", "Photography", "Graphic Design", "Social Media", "Creative Arts"] },
  { group: "Production", options: ["Cameras / Camera Operator", "Lights / Lighting Tech", "Sound / Audio Engineer", "Broadcast / Livestream", "Production Coordinator"] },
  { group: "Parking & Greeter", options: ["Parking Team", "Greeter / Usher", "Connect Team"] },
  { group: "Teaching & Discipleship", options: ["Bible Study Leader", "Small Group Facilitator", "Mentor"] },
  { group: "Outreach & Missions", options: ["Local Outreach", "Global Missions Trips"] },
  { group: "Children Ministry", options: ["Kids Ministry", "Youth Ministry"] },
] as const;
