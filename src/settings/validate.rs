//! What each kind of setting must look like, and the form the site stores it in
//! (a YouTube link becomes its id; an address loses its trailing slash).
use super::{Setting, SettingsError, ValueKind};
use crate::text::{https_link, youtube_id};

/// Checks a value for a setting and returns it in the form the site uses
/// (a YouTube link becomes its id; an address loses its trailing slash).
pub fn validate(setting: &Setting, raw: &str) -> Result<String, SettingsError> {
    let value = raw.trim();
    let invalid = |why: &str| SettingsError::Invalid {
        name: setting.name,
        value: value.chars().take(120).collect(),
        why: why.to_string(),
    };
    if value.is_empty() {
        return Err(invalid(
            "it is empty. To go back to the placeholder, use `thewell site unset`",
        ));
    }
    match setting.kind {
        ValueKind::Origin => {
            let url = url::Url::parse(value).map_err(|e| {
                invalid(&format!("{e}. Write the whole address, e.g. https://thewell.church"))
            })?;
            if !matches!(url.scheme(), "https" | "http") || url.host_str().is_none() {
                return Err(invalid("write an http(s) address, e.g. https://thewell.church"));
            }
            // Shared links and the sitemap name it: visitors reach the site over HTTPS
            // (http:// only for this machine's own address, while trying the site).
            let this_machine = matches!(url.host_str(), Some("localhost" | "127.0.0.1" | "[::1]"));
            if url.scheme() == "http" && !this_machine {
                return Err(invalid(
                    "the site's links must be https: write https://, e.g. https://thewell.church (http:// only for this machine's own address, e.g. http://localhost:8080)",
                ));
            }
            if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
                return Err(invalid(
                    "give the address of the site's home page only, without a path, e.g. https://thewell.church",
                ));
            }
            Ok(url.as_str().trim_end_matches('/').to_string())
        }
        ValueKind::Link => https_link(value).map_err(|why| invalid(&why)),
        ValueKind::Video => youtube_id(value).ok_or_else(|| {
            invalid("give a YouTube link (https://www.youtube.com/watch?v=…, https://youtu.be/…) or the video's 11-character id")
        }),
        ValueKind::Email => {
            if !crate::forms::is_plain_email(value) {
                return Err(invalid(
                    "write one plain email address, e.g. hello@thewell.church",
                ));
            }
            Ok(value.to_string())
        }
        ValueKind::Count => value
            .parse::<u32>()
            .map(|n| n.to_string())
            .map_err(|_| invalid("write a whole number, e.g. 800")),
        ValueKind::Months => value
            .parse::<u32>()
            .ok()
            .filter(|months| (2..=120).contains(months))
            .map(|months| months.to_string())
            .ok_or_else(|| invalid("write a number of months from 2 to 120, e.g. 6 (the pages say \"in 6 months\")")),
        ValueKind::Dollars => dollars(value).map(|n| n.to_string()).ok_or_else(|| {
            invalid("write a whole number of US dollars, e.g. 35000, 35,000 or '1.5 million' (without a $: a shell reads $1 in a command as something else)")
        }),
        ValueKind::Date => chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d")
            .map(|d| d.to_string())
            .map_err(|_| invalid("write a day as YYYY-MM-DD, e.g. 2026-11-24")),
        ValueKind::Text => {
            if value.chars().count() > 100 {
                return Err(invalid("it is longer than 100 characters"));
            }
            crate::text::one_line(value).ok_or_else(|| {
                invalid("write it on one line, without control or text-direction characters")
            })
        }
    }
}

/// An amount of US dollars as a volunteer writes it ("35000", "$35,000.00",
/// "$100 million", "1.5 billion"), in whole dollars up to a trillion.
fn dollars(value: &str) -> Option<u64> {
    let value = value.trim().trim_start_matches('$').trim();
    let (number, unit) = match value.rsplit_once(' ') {
        Some((number, "million")) => (number, 1_000_000),
        Some((number, "billion")) => (number, 1_000_000_000),
        _ => (value, 1),
    };
    let number: String = number
        .trim()
        .trim_start_matches('$')
        .chars()
        .filter(|c| *c != ',')
        .collect();
    let (whole, fraction) = number.split_once('.').unwrap_or((&number, ""));
    let digits = |s: &str| !s.is_empty() && s.len() <= 13 && s.bytes().all(|b| b.is_ascii_digit());
    // (a leading zero, "00 million", is what a shell leaves of "$100 million" in
    // double quotes, $1 read as its own)
    if !digits(whole)
        || (whole.len() > 1 && whole.starts_with('0'))
        || !(fraction.is_empty() || digits(fraction))
    {
        return None;
    }
    let mut amount = whole.parse::<u64>().ok()?.checked_mul(unit)?;
    // The fraction must come to whole dollars: ".00", or "1.5" of a million.
    let mut place = unit;
    for digit in fraction.bytes() {
        let value = u64::from(digit - b'0');
        if place % 10 != 0 {
            if value != 0 {
                return None;
            }
            continue;
        }
        place /= 10;
        amount = amount.checked_add(value * place)?;
    }
    (amount <= 1_000_000_000_000).then_some(amount)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::find;

    #[test]
    fn links_must_be_https_and_keep_their_query() {
        let giving = find("giving-url").unwrap();
        assert_eq!(
            validate(giving, " https://give.example.com/well?church=1 ").unwrap(),
            "https://give.example.com/well?church=1"
        );
        for bad in [
            "http://give.example.com",
            "give.example.com",
            "javascript:alert(1)",
            "https://user:pw@give.example.com/",
            "",
        ] {
            let err = validate(giving, bad).unwrap_err().to_string();
            assert!(err.starts_with("giving-url cannot be"), "{bad}: {err}");
        }
        // Characters that would break out of an HTML attribute come back percent-encoded.
        let odd = validate(giving, "https://give.example.com/a\"b<c>").unwrap();
        assert!(!odd.contains(['"', '<', '>']), "{odd}");
    }

    #[test]
    fn the_site_address_is_an_origin_without_a_slash() {
        let site = find("site-url").unwrap();
        assert_eq!(
            validate(site, "https://TheWell.church/").unwrap(),
            "https://thewell.church"
        );
        assert_eq!(
            validate(site, "http://localhost:8080").unwrap(),
            "http://localhost:8080"
        );
        assert!(validate(site, "https://thewell.church/home").is_err());
        assert!(validate(site, "ftp://thewell.church").is_err());
        let plain = validate(site, "http://thewell.church")
            .unwrap_err()
            .to_string();
        assert!(plain.contains("must be https"), "{plain}");
    }

    #[test]
    fn videos_take_a_youtube_link_or_an_id() {
        let video = find("sermon-video").unwrap();
        for (input, id) in [
            ("dQw4w9WgXcQ", "dQw4w9WgXcQ"),
            (
                "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
                "dQw4w9WgXcQ",
            ),
            ("https://youtu.be/dQw4w9WgXcQ?si=abc", "dQw4w9WgXcQ"),
            ("https://m.youtube.com/live/dQw4w9WgXcQ", "dQw4w9WgXcQ"),
            (
                "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
                "dQw4w9WgXcQ",
            ),
        ] {
            assert_eq!(validate(video, input).unwrap(), id, "{input}");
        }
        for bad in [
            "dQw4w9WgXc",
            "https://vimeo.com/12345",
            "https://www.youtube.com/watch?v=short",
            "<script>",
        ] {
            assert!(validate(video, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn figures_are_numbers_and_amounts_lose_their_signs() {
        let goal = find("building-goal").unwrap();
        for input in ["35000", "35,000", "$35,000", " $35,000.00 "] {
            assert_eq!(validate(goal, input).unwrap(), "35000", "{input}");
        }
        let city = find("city-goal").unwrap();
        for (input, amount) in [
            ("$100 million", "100000000"),
            ("100 million", "100000000"),
            ("$1.5 million", "1500000"),
            ("2 billion", "2000000000"),
            ("100000000", "100000000"),
        ] {
            assert_eq!(validate(city, input).unwrap(), amount, "{input}");
        }
        for bad in [
            "35k",
            "-5",
            "$",
            "lots",
            "35.5",
            "1.0000005 million",
            "2 trillion",
            "1.5 millions",
            "00 million",
            "0500",
        ] {
            assert!(validate(goal, bad).is_err(), "{bad}");
        }
        assert_eq!(
            validate(find("lives-changed").unwrap(), "1200").unwrap(),
            "1200"
        );
        assert!(validate(find("lives-changed").unwrap(), "800+").is_err());
        // A figure's period reads "in N months": one month would read wrong, and a
        // figure counted over more than ten years is not "lives changed lately".
        let months = find("lives-changed-months").unwrap();
        assert_eq!(validate(months, " 12 ").unwrap(), "12");
        for bad in ["1", "0", "121", "six", "6 months", "-6"] {
            let error = validate(months, bad).unwrap_err().to_string();
            assert!(error.contains("from 2 to 120"), "{bad}: {error}");
        }
        assert_eq!(
            validate(find("building-raised-on").unwrap(), "2026-11-24").unwrap(),
            "2026-11-24"
        );
        assert!(validate(find("building-raised-on").unwrap(), "24/11/2026").is_err());
    }

    #[test]
    fn email_and_text_are_plain() {
        let email = find("contact-email").unwrap();
        assert_eq!(
            validate(email, "hello@thewell.church").unwrap(),
            "hello@thewell.church"
        );
        for bad in ["hello", "a&b@thewell.church", "\"x\"@y.z", "a@b"] {
            assert!(validate(email, bad).is_err(), "{bad}");
        }
        let speaker = find("sermon-speaker").unwrap();
        assert_eq!(
            validate(speaker, "Pastor Ana Ruiz").unwrap(),
            "Pastor Ana Ruiz"
        );
        assert!(validate(speaker, &"x".repeat(101)).is_err());
        assert!(validate(speaker, "two\nlines").is_err());
        assert!(validate(speaker, "Ana \u{202E}namuH").is_err());
    }
}
