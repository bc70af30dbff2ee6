// Generated from src/campuses.rs by `UPDATE_CONTRACT_TS=1 cargo test contract::` (src/contract.rs): do not edit by hand.
// A Rust test fails when this file and the declarations drift apart.

/** The campuses' facts that the site's words name as `{campus.<id>.<field>}`: each
 *  language's build writes them in, translated (scripts/languages.mjs). An empty
 *  fact is one the campus does not have yet. */
export const CAMPUS_WORDS: Record<string, Record<string, string>> = {
  "south-florida": {
    "name": "South Florida Campus",
    "region": "South Florida",
    "city": "Plantation",
    "country": "United States"
  },
  "north": {
    "name": "North Campus",
    "region": "Delaware, Pennsylvania and New Jersey",
    "city": "",
    "country": "United States"
  },
  "online": {
    "name": "Global Bible Study",
    "region": "Online, all time zones",
    "city": "",
    "country": ""
  },
  "europe": {
    "name": "Europe",
    "region": "Europe",
    "city": "",
    "country": ""
  },
  "pakistan": {
    "name": "Pakistan",
    "region": "Pakistan",
    "city": "",
    "country": "Pakistan"
  }
};
