//! The ministry's campuses, stated once: each one's id (what a gathering's or a
//! notice's `campus` names), its name, region, city and country, and the pages that
//! show it. The pages and the server's parts of pages name these facts as words
//! (`{campus.north.region}`): the frontend's copy is generated from here
//! (frontend/src/content/campuses.generated.ts, src/contract.rs), each language's
//! catalogue translates it, and nothing else writes a region or a city.

/// One campus. A fact the campus does not have yet (the North campus has no city
/// while it gathers across its region) is empty.
pub struct Campus {
    pub id: &'static str,
    /// As its headings name it: "North Campus".
    pub name: &'static str,
    /// The area it serves: "Delaware, Pennsylvania and New Jersey".
    pub region: &'static str,
    /// The city it meets in: "Plantation".
    pub city: &'static str,
    pub country: &'static str,
    /// The pages that show its gatherings and notices, the first its own.
    pub routes: &'static [&'static str],
}

pub const CAMPUSES: &[Campus] = &[
    Campus {
        id: "south-florida",
        name: "South Florida Campus",
        region: "South Florida",
        city: "Plantation",
        country: "United States",
        routes: &["/united-states"],
    },
    Campus {
        id: "north",
        name: "North Campus",
        region: "Delaware, Pennsylvania and New Jersey",
        city: "",
        country: "United States",
        routes: &["/united-states"],
    },
    Campus {
        id: "online",
        name: "Global Bible Study",
        region: "Online, all time zones",
        city: "",
        country: "",
        routes: &["/bible-study"],
    },
    Campus {
        id: "europe",
        name: "Europe",
        region: "Europe",
        city: "",
        country: "",
        routes: &["/europe", "/europe-bible-study"],
    },
    Campus {
        id: "pakistan",
        name: "Pakistan",
        region: "Pakistan",
        city: "",
        country: "Pakistan",
        routes: &["/pakistan", "/pakistan-building"],
    },
];

/// The facts a page may name, in the order the generated copy lists them.
#[cfg(test)]
pub const FIELDS: [&str; 4] = ["name", "region", "city", "country"];

pub fn campus(id: &str) -> Option<&'static Campus> {
    CAMPUSES.iter().find(|c| c.id == id)
}

impl Campus {
    /// Fact `field` (one of `FIELDS`).
    pub fn fact(&self, field: &str) -> Option<&'static str> {
        match field {
            "name" => Some(self.name),
            "region" => Some(self.region),
            "city" => Some(self.city),
            "country" => Some(self.country),
            _ => None,
        }
    }
}

/// `text` with each `{campus.<id>.<field>}` replaced by `fact(id, field)` (the English
/// facts, or a language's); a name that is not a campus's fact is kept as written.
pub fn fill(text: &str, fact: impl Fn(&str, &str) -> Option<String>) -> String {
    const OPEN: &str = "{campus.";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(OPEN) {
        out.push_str(&rest[..at]);
        let after = &rest[at + OPEN.len()..];
        let named = after.find('}').and_then(|end| {
            let (id, field) = after[..end].split_once('.')?;
            Some((fact(id, field)?, end))
        });
        match named {
            Some((value, end)) => {
                out.push_str(&value);
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(OPEN);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `text` with the English facts filled in.
pub fn fill_english(text: &str) -> String {
    fill(text, |id, field| {
        campus(id).and_then(|c| c.fact(field)).map(str::to_string)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_campus_fact_is_filled_and_anything_else_kept() {
        assert_eq!(
            fill_english("The {campus.north.name} for {campus.north.region}."),
            "The North Campus for Delaware, Pennsylvania and New Jersey."
        );
        assert_eq!(
            fill_english("{campus.nowhere.name}, {campus.north.colour}, {campus.north"),
            "{campus.nowhere.name}, {campus.north.colour}, {campus.north"
        );
        assert_eq!(fill_english("{bible-study.when}"), "{bible-study.when}");
        let ids: Vec<_> = CAMPUSES.iter().map(|c| c.id).collect();
        assert_eq!(
            ids,
            ["south-florida", "north", "online", "europe", "pakistan"]
        );
        for c in CAMPUSES {
            for field in FIELDS {
                assert!(c.fact(field).is_some(), "{} {field}", c.id);
            }
        }
    }
}
