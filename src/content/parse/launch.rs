//! The launch file (`content/launch.md`): the launch service's start, zone and place,
//! and what the pop-up says about it, in English only.
use serde::Deserialize;
use toml::Spanned;
use toml::value::Datetime;

use super::file::{File, abbreviation, stamp, zone_name};
use super::markdown::blocks;
use crate::content::model::{Launch, Problem};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLaunch {
    start: Spanned<Datetime>,
    zone: Option<Spanned<String>>,
    place: Spanned<String>,
}

/// Reads the launch file's text (`content/launch.md`): none while it is a draft.
pub fn parse_launch(source: &str, text: &str) -> Result<Option<Launch>, Problem> {
    let file = File::split(source, text)?;
    file.only_english("the launch")?;
    let raw: RawLaunch = file.fields()?;
    let zone = file.zone(raw.zone.as_ref())?;
    let start = file.local_time("start", &raw.start)?;
    let day_after = start
        .date()
        .succ_opt()
        .unwrap_or(start.date())
        .and_hms_opt(0, 0, 0)
        .unwrap_or(start);
    let launch = Launch {
        zone: zone.name().to_string(),
        starts_at: stamp(zone, start),
        abbreviation: abbreviation(zone, start),
        zone_name: zone_name(zone, start),
        over_at: stamp(zone, day_after),
        place: file.line("place", Some(&raw.place), 150, true)?,
        intro: blocks(file.body),
        in_english: Vec::new(),
    };
    Ok((!file.draft).then_some(launch))
}
