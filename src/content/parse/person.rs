//! A person file: their name, role, group and order, their bio below the fields, and
//! their name and role in another language (`[ur]`, the bio below `+++ ur`).
use serde::Deserialize;
use toml::Spanned;

use super::file::File;
use super::markdown::blocks;
use crate::content::model::{Block, GROUPS, Group, Person, Problem};

/// A person's fields in another language (`[ur]`): their name as written in it, their role.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct PersonWords {
    name: Option<Spanned<String>>,
    role: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPerson {
    name: Spanned<String>,
    role: Spanned<String>,
    group: Spanned<String>,
    order: Option<Spanned<i64>>,
}

/// The most a person's bio may say: a few sentences on a card.
pub(super) const MAX_BIO_CHARS: usize = 600;

/// The group a person file names, by its name or its heading (any case). A heading
/// that named a campus's region as it was then ("North Campus (DE, PA, NJ)") still
/// finds its group by the words before the region.
pub(super) fn group_named(text: &str) -> Option<&'static Group> {
    use crate::content::template::slug;
    let wanted = slug(text);
    GROUPS.iter().find(|g| {
        let heading = crate::campuses::fill_english(g.heading);
        let before_region = heading.split(" (").next().unwrap_or_default();
        g.name == wanted
            || slug(&heading) == wanted
            || (heading.contains(" (") && wanted.starts_with(&format!("{}-", slug(before_region))))
    })
}

impl File<'_> {
    pub(super) fn person_in(
        &self,
        english: &Person,
        words: PersonWords,
    ) -> Result<Person, Problem> {
        let mut person = english.clone();
        self.put_line(&mut person.name, "name", words.name.as_ref(), 80)?;
        self.put_line(&mut person.role, "role", words.role.as_ref(), 80)?;
        let bio = self.bio()?;
        if !bio.is_empty() {
            person.bio = bio;
        }
        Ok(person)
    }

    /// A person's bio: the text below the fields, at most MAX_BIO_CHARS.
    pub(super) fn bio(&self) -> Result<Vec<Block>, Problem> {
        let bio = blocks(self.body);
        let said: usize = bio
            .iter()
            .flat_map(|b| &b.items)
            .map(|t| t.chars().count())
            .sum();
        if said > MAX_BIO_CHARS {
            return Err(Problem::new(
                self.source.to_string(),
                self.body_line,
                format!(
                    "the bio below the +++ line is {said} characters; a card holds at most {MAX_BIO_CHARS}: shorten it"
                ),
            ));
        }
        Ok(bio)
    }

    pub(super) fn person(&self, raw: RawPerson) -> Result<Person, Problem> {
        let group = group_named(raw.group.get_ref()).ok_or_else(|| {
            self.problem(
                raw.group.span().start,
                format!(
                    "group \"{}\" is not a section of the site: write one of {}",
                    raw.group.get_ref().chars().take(60).collect::<String>(),
                    GROUPS
                        .iter()
                        .map(|g| format!("\"{}\"", g.name))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })?;
        let bio = self.bio()?;
        let stem = self
            .source
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .trim_end_matches(".md");
        Ok(Person {
            name: self.line("name", Some(&raw.name), 80, true)?,
            role: self.line("role", Some(&raw.role), 80, true)?,
            group,
            order: raw.order.map_or(100, |o| *o.get_ref()),
            bio,
            photo: format!("person-{}", crate::content::template::slug(stem)),
            in_english: Vec::new(),
        })
    }
}
