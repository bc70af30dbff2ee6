//! The built-in gatherings: the six the ministry had when the site launched. Each
//! stands in until a file of its id exists in `content/gatherings/` (which
//! `thewell schedule` writes from it when a date is first skipped or moved). The
//! only times of day written in the code are these.
use chrono::{NaiveTime, Weekday};
use chrono_tz::Tz;

use super::{Gathering, Place, Repeat};

#[allow(clippy::too_many_arguments)]
fn gathering(
    id: &str,
    name: &str,
    campus: &str,
    repeat: Repeat,
    (hour, minute): (u32, u32),
    minutes: i64,
    zone: Tz,
    place: Place,
) -> Gathering {
    Gathering {
        id: id.into(),
        name: name.into(),
        campus: campus.into(),
        repeat,
        start: NaiveTime::from_hms_opt(hour, minute, 0).expect("a valid built-in time"),
        minutes,
        zone,
        place,
        soon: false,
        first: None,
        last: None,
        skips: Vec::new(),
        moves: Vec::new(),
        changed: None,
    }
}

/// Where the Pakistan campus meets: shared in person only.
const PAKISTAN_PLACE: &str = "In person, Pakistan (contact the ministry for directions)";

/// The built-in gatherings, in the order the site lists them.
pub fn all() -> Vec<Gathering> {
    use chrono_tz::{America::New_York, Asia::Karachi, Europe::Berlin};
    let wed = Repeat::Weekly(Weekday::Wed);
    let sun = Repeat::Weekly(Weekday::Sun);
    let mut north = gathering(
        "north-monthly",
        "The Well North Monthly Gathering",
        "north",
        Repeat::Monthly {
            nth: 1,
            weekday: Weekday::Sat,
        },
        (10, 0),
        120,
        New_York,
        // Its region, until a volunteer gives it a place.
        Place::At(
            crate::campuses::campus("north")
                .map_or("", |c| c.region)
                .into(),
        ),
    );
    north.soon = true;
    vec![
        gathering(
            "bible-study",
            "The Well Global Bible Study",
            "online",
            wed,
            (19, 0),
            90,
            New_York,
            Place::Online,
        ),
        gathering(
            "europe-bible-study",
            "The Well Europe Bible Study",
            "europe",
            wed,
            (19, 0),
            90,
            Berlin,
            Place::Online,
        ),
        gathering(
            "bible-study-pakistan",
            "The Well Pakistan Bible Study",
            "pakistan",
            wed,
            (19, 0),
            90,
            Karachi,
            Place::At(PAKISTAN_PLACE.into()),
        ),
        gathering(
            "sunday-service-florida",
            "The Well Sunday Service",
            "south-florida",
            sun,
            (12, 0),
            90,
            New_York,
            Place::At("1520 NW 65th Ave, Plantation, FL 33313".into()),
        ),
        gathering(
            "sunday-service-pakistan",
            "The Well Pakistan Sunday Service",
            "pakistan",
            sun,
            (10, 0),
            90,
            Karachi,
            Place::At(PAKISTAN_PLACE.into()),
        ),
        north,
    ]
}

/// The built-in gathering `id`.
pub fn find(id: &str) -> Option<Gathering> {
    all().into_iter().find(|g| g.id == id)
}
