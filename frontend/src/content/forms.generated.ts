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

/** The forms' words a visitor reads, by their English: each language's build
 *  translates them (what is sent stays the English). */
export const FIELD_WORDS: { labels: Record<string, string>; options: Record<string, string> } = {
  labels: {
    "Name": "Name",
    "Phone": "Phone",
    "Prayer request": "Prayer request",
    "Email": "Email",
    "First name": "First name",
    "Last name": "Last name",
    "Location": "Location",
    "Interests": "Interests",
    "How you heard about us": "How you heard about us",
    "Questions": "Questions",
    "Consent": "Consent",
    "Service": "Service",
    "Age group": "Age group",
    "Next steps": "Next steps",
    "Contact method": "Contact method",
    "Where you'd like to serve": "Where you'd like to serve",
    "Availability": "Availability",
    "About you": "About you",
    "Other skills": "Other skills",
    "Subject": "Subject",
    "Message": "Message",
    "List": "List",
    "Worship": "Worship",
    "Creative": "Creative",
    "Production": "Production",
    "Parking & Greeter": "Parking & Greeter",
    "Teaching & Discipleship": "Teaching & Discipleship",
    "Outreach & Missions": "Outreach & Missions",
    "Children Ministry": "Children Ministry",
  },
  options: {
    "Receiving updates about North Campus launch": "Receiving updates about North Campus launch",
    "Joining the launch team": "Joining the launch team",
    "Serving in ministry areas": "Serving in ministry areas",
    "Leading a small group or Bible study": "Leading a small group or Bible study",
    "Helping with outreach and community connections": "Helping with outreach and community connections",
    "Supporting through prayer and encouragement": "Supporting through prayer and encouragement",
    "This is my first time": "This is my first time",
    "I've been here before": "I've been here before",
    "I'm visiting from another church": "I'm visiting from another church",
    "Under 18": "Under 18",
    "18–24": "18–24",
    "25–34": "25–34",
    "35–44": "35–44",
    "45–54": "45–54",
    "55+": "55+",
    "I made a decision to follow Jesus today": "I made a decision to follow Jesus today",
    "I want to be baptized": "I want to be baptized",
    "I want to join a Bible study": "I want to join a Bible study",
    "I want to serve on a team": "I want to serve on a team",
    "I want to learn more about The Well": "I want to learn more about The Well",
    "I'd like to speak with a pastor": "I'd like to speak with a pastor",
    "Email": "Email",
    "Phone": "Phone",
    "Text": "Text",
    "Worship Leader / Vocalist": "Worship Leader / Vocalist",
    "Band / Musician": "Band / Musician",
    "Video / Videography": "Video / Videography",
    "Photography": "Photography",
    "Graphic Design": "Graphic Design",
    "Social Media": "Social Media",
    "Creative Arts": "Creative Arts",
    "Cameras / Camera Operator": "Cameras / Camera Operator",
    "Lights / Lighting Tech": "Lights / Lighting Tech",
    "Sound / Audio Engineer": "Sound / Audio Engineer",
    "Broadcast / Livestream": "Broadcast / Livestream",
    "Production Coordinator": "Production Coordinator",
    "Parking Team": "Parking Team",
    "Greeter / Usher": "Greeter / Usher",
    "Connect Team": "Connect Team",
    "Bible Study Leader": "Bible Study Leader",
    "Small Group Facilitator": "Small Group Facilitator",
    "Mentor": "Mentor",
    "Local Outreach": "Local Outreach",
    "Global Missions Trips": "Global Missions Trips",
    "Kids Ministry": "Kids Ministry",
    "Youth Ministry": "Youth Ministry",
    "Sundays": "Sundays",
    "Weekdays": "Weekdays",
    "Weeknights": "Weeknights",
    "Special Events Only": "Special Events Only",
  },
};

/** The server's messages about a submission, by key (src/forms/words.rs): the build
 *  gives the server each language's, so a refusal reads in the page's language. */
export const MESSAGE_WORDS: Record<string, string> = {
  notText: "{label} must be text.",
  hiddenCharacter: "{label} contains a control or text-direction character: please type it again.",
  required: "{label} is required.",
  tooLong: "{label} must be at most {max} characters.",
  notOneOf: "{label} must be one of: {options}.",
  notTrueOrFalse: "{label} must be true or false.",
  mustAgree: "{label} is required: please tick the box to agree.",
  notAList: "{label} must be a list.",
  notTextList: "{label} must be a list of text values.",
  notAnOption: "{label}: '{value}' is not one of the options.",
  listedTwice: "{label}: '{value}' is listed twice.",
  chooseOne: "{label}: choose at least one.",
  emailInvalid: "Please enter a valid email address.",
  rsvpEmailInvalid: "Please enter a valid email address",
  rsvpNameShort: "Name must be at least 2 characters",
  rsvpPhoneShort: "Please enter a valid phone number",
  invalid: "Some answers need attention.",
  tooLarge: "The submission is larger than 16 KiB. Please shorten the longest answers and send it again.",
  rateLimited: "Too many submissions from your network. Please wait {seconds} seconds and try again.",
  keyReused: "This Idempotency-Key was already used for a different submission. Send a new key with each new submission.",
};
