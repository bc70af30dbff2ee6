// Generated from src/page_parts/html.rs by `UPDATE_CONTRACT_TS=1 cargo test contract::` (src/contract.rs): do not edit by hand.
// A Rust test fails when this file and the declarations drift apart.

/** The one column every section, heading, header and footer lines up in: one left edge on every page. */
export const container = "mx-auto w-full max-w-6xl px-4 sm:px-6";
/** The space above and below a section's content, inside that column. */
export const sectionPadding = "py-14";
/** A section's heading. */
export const sectionHeading = "font-serif text-3xl font-semibold text-slate-900";
