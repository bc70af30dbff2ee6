// Generated from src/content/part_words.rs by `UPDATE_CONTRACT_TS=1 cargo test contract::` (src/contract.rs): do not edit by hand.
// A Rust test fails when this file and the declarations drift apart.

/** What the server's parts of pages say (the sermon list, the people pages, the
 *  building's progress, the notices' link, how long forms are kept), and the
 *  leadership's sections' headings: each language's build translates them. */
export const PART_WORDS: { said: Record<string, string>; groups: Record<string, string> } = {
  said: {
    introducedSoon: "Introduced here soon. {link} in the meantime.",
    contactUs: "Contact us",
    planYourVisit: "Plan your visit",
    joinTheBibleStudy: "Join the Bible study",
    serveOnTheTeam: "Serve on the team",
    aboutOurWorship: "About our worship",
    leadershipIntro: "The Well is led by pastors and servant leaders on every campus: South Florida and the North Campus in the United States, Europe online, and Pakistan. Together they carry one mission, bringing Jesus to the marketplace. You can meet them on a Sunday in Plantation or at the Wednesday Bible study online, and any of them will answer a message sent through our contact page.",
    worshipTeamIntro: "Worship at The Well is led by musicians, singers and creatives from our campuses, on Sunday mornings in Plantation and at the Bible study online on Wednesdays. If you sing, play an instrument or create, there is a place for you on the team.",
    noSermonsYet: "The first sermons will be listed here soon.",
    sermonNotes: "Sermon notes",
    sermonDate: "%month %day, %year",
    dollars: "$%amount",
    raised: "{raised} raised of the {goal} goal ({percent}%)",
    raisedLabel: "Raised so far: {percent}% of the goal",
    updated: "Updated {day}",
    more: "More",
    keptHeading: "How long we keep what you send",
    kept: "{form}: erased {period} after it is sent.",
  },
  groups: {
    "senior-leaders": "Senior Leaders",
    "executive-team": "Executive Team",
    "global": "Global",
    "south-florida": "South Florida Campus",
    "north": "North Campus (DE, PA, NJ)",
    "pakistan": "Pakistan Campus",
    "worship-team": "Worship Team",
  },
};
