//! A pattern of words with `%slots` ("%days %time"), filled: how a language puts the
//! parts of a line in its own order (src/schedule/words.rs, src/schedule/clock.rs).

/// `pattern` with each `%name` replaced by its value (an unknown one kept as written).
pub fn slotted(pattern: &str, slots: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(pattern.len() + 32);
    let mut rest = pattern;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let len = after
            .find(|c: char| !c.is_ascii_lowercase())
            .unwrap_or(after.len());
        match slots.iter().find(|(name, _)| *name == &after[..len]) {
            Some((_, value)) if len > 0 => out.push_str(value),
            _ => out.push_str(&rest[at..at + 1 + len]),
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_filled_by_their_whole_names() {
        assert_eq!(
            slotted("%days, %day: %x 100%", &[("day", "Wed"), ("days", "Weds")]),
            "Weds, Wed: %x 100%"
        );
    }
}
