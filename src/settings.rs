//! The site's settings a volunteer changes without a developer: the site's address,
//! the outside links (giving, church app, meeting, video file), the video ids, the
//! sermon's speaker and the contact email. They live in `<data-dir>/site.json`
//! (written by `thewell site set`), with visibly placeholder defaults; the photos
//! that replace the drawn placeholders live in `<data-dir>/photos/`. A running
//! server notices a change to either within a second (`Live`).
use std::collections::BTreeMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use serde_json::{Map, Value};

use crate::generated::camel_case;

/// The settings file inside the data directory.
pub const FILE: &str = "site.json";
/// The folder of replacement photos inside the data directory.
pub const PHOTO_DIR: &str = "photos";
/// Photo file types the site serves, preferred first when one name has several.
pub const PHOTO_TYPES: &[&str] = &["webp", "avif", "jpg", "jpeg", "png"];
/// How often a running server looks for a changed settings file or photo.
const RECHECK: Duration = Duration::from_secs(1);

/// Every setting, in the order of `SETTINGS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    SiteUrl,
    GivingUrl,
    OneTimeGiftUrl,
    ChurchAppUrl,
    MeetingUrl,
    SermonVideo,
    WorshipVideo,
    WorshipVideoFile,
    HeroVideoFile,
    SermonSpeaker,
    ContactEmail,
}

/// What a setting's value must look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The site's public address: http(s), a host, no path.
    Origin,
    /// A link to another site: https only.
    Link,
    /// A YouTube video: its 11-character id, or a YouTube link that names it.
    Video,
    /// An email address made of plain characters.
    Email,
    /// One line of text, at most 100 characters.
    Text,
}

#[derive(Debug)]
pub struct Setting {
    pub key: Key,
    /// The name in site.json and on the command line (the frontend reads it in camelCase).
    pub name: &'static str,
    pub kind: Kind,
    /// The visibly placeholder value used until a volunteer sets one.
    pub default: &'static str,
    /// What it is and where the site uses it (shown by `thewell site show`).
    pub help: &'static str,
}

/// The settings, as data. Their defaults are placeholders that read as such (or,
/// for the hero video, nothing: the drawn background stays).
pub static SETTINGS: [Setting; 11] = [
    Setting {
        key: Key::SiteUrl,
        name: "site-url",
        kind: Kind::Origin,
        default: "https://thewell.example",
        help: "The site's public address, for sharing previews, canonical links and the sitemap (e.g. https://thewell.church).",
    },
    Setting {
        key: Key::GivingUrl,
        name: "giving-url",
        kind: Kind::Link,
        default: "https://giving.example.org/the-well-placeholder",
        help: "The online giving page behind Donate and every Give button (each fund adds ?fund=<name>).",
    },
    Setting {
        key: Key::OneTimeGiftUrl,
        name: "one-time-gift-url",
        kind: Kind::Link,
        default: "https://giving.example.org/the-well-placeholder/one-time",
        help: "The giving page's one-time gift form (on /giving).",
    },
    Setting {
        key: Key::ChurchAppUrl,
        name: "church-app-url",
        kind: Kind::Link,
        default: "https://app.example.org/the-well-placeholder/setup",
        help: "The church-management app's setup page (on /groups).",
    },
    Setting {
        key: Key::MeetingUrl,
        name: "meeting-url",
        kind: Kind::Link,
        default: "https://zoom.us/j/0000000000",
        help: "The online Bible study's Zoom meeting link (https://zoom.us/j/<number>), shown while it is live and in its calendar files.",
    },
    Setting {
        key: Key::SermonVideo,
        name: "sermon-video",
        kind: Kind::Video,
        default: "PLACEHOLDER1",
        help: "The latest sermon on YouTube: its link or its 11-character id (the sermon pop-up).",
    },
    Setting {
        key: Key::WorshipVideo,
        name: "worship-video",
        kind: Kind::Video,
        default: "PLACEHOLDER2",
        help: "The worship video on YouTube: its link or its 11-character id (/worship).",
    },
    Setting {
        key: Key::WorshipVideoFile,
        name: "worship-video-file",
        kind: Kind::Link,
        default: "https://media.example.org/the-well-placeholder/worship.mp4",
        help: "A video file (MP4) played by the browser itself on /worship.",
    },
    Setting {
        key: Key::HeroVideoFile,
        name: "hero-video-file",
        kind: Kind::Link,
        default: "",
        help: "A short, silent video file (MP4) looping behind the home page's headline; until set, the headline sits on its drawn background. Not played for visitors who ask for less motion or save data.",
    },
    Setting {
        key: Key::SermonSpeaker,
        name: "sermon-speaker",
        kind: Kind::Text,
        default: "Speaker to be announced",
        help: "Who preached the latest sermon (the sermon pop-up).",
    },
    Setting {
        key: Key::ContactEmail,
        name: "contact-email",
        kind: Kind::Email,
        default: "contact@thewell.example",
        help: "The ministry's email address (on /contact and the legal pages).",
    },
];

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("there is no setting named '{0}'. The settings are: {list}", list = names().join(", "))]
    UnknownKey(String),
    #[error("{name} cannot be '{value}': {why}")]
    Invalid {
        name: &'static str,
        value: String,
        why: String,
    },
    #[error("cannot read {path}: {error}")]
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error(
        "{path} is not a JSON object of settings ({error}). Fix it by hand, or move it aside and set the values again with `thewell site set`"
    )]
    Parse {
        path: PathBuf,
        error: serde_json::Error,
    },
    #[error("cannot write {path}: {error}. Check the data directory's permissions and free space")]
    Write {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("cannot write to standard output")]
    Output(#[from] std::io::Error),
}

pub fn names() -> Vec<&'static str> {
    SETTINGS.iter().map(|s| s.name).collect()
}

pub fn find(name: &str) -> Result<&'static Setting, SettingsError> {
    SETTINGS
        .iter()
        .find(|s| s.name == name)
        .ok_or_else(|| SettingsError::UnknownKey(name.to_string()))
}

fn setting(key: Key) -> &'static Setting {
    &SETTINGS[key as usize]
}

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
        Kind::Origin => {
            let url = url::Url::parse(value).map_err(|e| {
                invalid(&format!("{e}. Write the whole address, e.g. https://thewell.church"))
            })?;
            if !matches!(url.scheme(), "https" | "http") || url.host_str().is_none() {
                return Err(invalid("write an http(s) address, e.g. https://thewell.church"));
            }
            if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
                return Err(invalid(
                    "give the address of the site's home page only, without a path, e.g. https://thewell.church",
                ));
            }
            Ok(url.as_str().trim_end_matches('/').to_string())
        }
        Kind::Link => {
            let url = url::Url::parse(value).map_err(|e| {
                invalid(&format!("{e}. Write the whole link, starting with https://"))
            })?;
            if url.scheme() != "https" || url.host_str().is_none() {
                return Err(invalid("links must start with https://"));
            }
            if !url.username().is_empty() || url.password().is_some() {
                return Err(invalid("a link with a user name or password in it would publish them; leave them out"));
            }
            if url.as_str().len() > 2000 {
                return Err(invalid("it is longer than 2,000 characters"));
            }
            Ok(url.to_string())
        }
        Kind::Video => youtube_id(value).ok_or_else(|| {
            invalid("give a YouTube link (https://www.youtube.com/watch?v=…, https://youtu.be/…) or the video's 11-character id")
        }),
        Kind::Email => {
            let plain = value
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "@.-_+".contains(c));
            if !plain || !crate::forms::looks_like_email(value) || value.len() > 254 {
                return Err(invalid(
                    "write one plain email address, e.g. hello@thewell.church",
                ));
            }
            Ok(value.to_string())
        }
        Kind::Text => {
            if value.chars().count() > 100 {
                return Err(invalid("it is longer than 100 characters"));
            }
            if value.chars().any(char::is_control) {
                return Err(invalid("write it on one line"));
            }
            Ok(value.to_string())
        }
    }
}

/// The video id in a YouTube link (watch, youtu.be, embed, live, shorts), or the id itself.
fn youtube_id(value: &str) -> Option<String> {
    let is_id = |id: &str| {
        id.len() == 11
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    if is_id(value) {
        return Some(value.to_string());
    }
    let url = url::Url::parse(value).ok()?;
    let host = url
        .host_str()?
        .trim_start_matches("www.")
        .trim_start_matches("m.");
    let id = match host {
        "youtu.be" => url.path().trim_start_matches('/').to_string(),
        "youtube.com" | "youtube-nocookie.com" | "music.youtube.com" => {
            let mut segments = url.path_segments()?;
            match segments.next()? {
                "watch" => url
                    .query_pairs()
                    .find(|(k, _)| k == "v")
                    .map(|(_, v)| v.into_owned())?,
                "embed" | "live" | "shorts" | "v" => segments.next()?.to_string(),
                _ => return None,
            }
        }
        _ => return None,
    };
    is_id(&id).then_some(id)
}

/// The settings file's contents: the values set, by name, as written.
fn read_file(dir: &Path) -> Result<Map<String, Value>, SettingsError> {
    let path = dir.join(FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Map::new()),
        Err(error) => return Err(SettingsError::Read { path, error }),
    };
    serde_json::from_str(&text).map_err(|error| SettingsError::Parse { path, error })
}

/// Writes the file whole to a temporary name, then renames it over the old one,
/// so a reader (the server) never sees half a file.
fn write_file(dir: &Path, values: &Map<String, Value>) -> Result<(), SettingsError> {
    let path = dir.join(FILE);
    let temp = dir.join(format!("{FILE}.tmp"));
    let wrap = |error| SettingsError::Write {
        path: path.clone(),
        error,
    };
    let mut text = serde_json::to_string_pretty(values).expect("a JSON object");
    text.push('\n');
    crate::server::create_private_dir(dir).map_err(wrap)?;
    std::fs::write(&temp, text).map_err(wrap)?;
    std::fs::File::open(&temp)
        .and_then(|f| f.sync_all())
        .map_err(wrap)?;
    std::fs::rename(&temp, &path).map_err(wrap)
}

/// `thewell site set`: validates, then stores the value. Returns the value as stored.
pub fn set(dir: &Path, name: &str, raw: &str) -> Result<String, SettingsError> {
    let setting = find(name)?;
    let value = validate(setting, raw)?;
    let mut values = read_file(dir)?;
    values.insert(setting.name.to_string(), Value::String(value.clone()));
    write_file(dir, &values)?;
    Ok(value)
}

/// `thewell site unset`: back to the placeholder. Returns whether a value was set.
pub fn unset(dir: &Path, name: &str) -> Result<bool, SettingsError> {
    let setting = find(name)?;
    let mut values = read_file(dir)?;
    let had = values.remove(setting.name).is_some();
    if had {
        write_file(dir, &values)?;
    }
    Ok(had)
}

/// One replacement photo in the photos folder.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Photo {
    /// The file's name in the photos folder.
    pub file: String,
    pub bytes: u64,
    /// Changes whenever the file does (from its size and modification time).
    pub version: String,
}

impl Photo {
    /// Its address on the site; the version makes a replaced photo a new address.
    pub fn url(&self) -> String {
        format!("/photos/{}?v={}", self.file, self.version)
    }
}

/// The photo slot a file name fills ("Worship-Night.JPG" fills "worship-night"), if any.
pub fn photo_slot(file: &str) -> Option<(String, usize)> {
    let (stem, ext) = file.rsplit_once('.')?;
    let rank = PHOTO_TYPES
        .iter()
        .position(|t| t.eq_ignore_ascii_case(ext))?;
    let ok = !stem.is_empty()
        && stem.len() <= 100
        && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    ok.then(|| (stem.to_ascii_lowercase(), rank))
}

/// Everything the site shows that a volunteer set: one consistent reading.
#[derive(Debug)]
pub struct Snapshot {
    values: Vec<String>,
    /// Photo slot → the file that fills it.
    pub photos: BTreeMap<String, Photo>,
    /// Problems found while reading (bad values keep the previous one).
    pub warnings: Vec<String>,
    /// Differs whenever anything the pages show differs.
    pub tag: u64,
}

impl Snapshot {
    pub fn defaults() -> Snapshot {
        Snapshot::new(
            SETTINGS.iter().map(|s| s.default.to_string()).collect(),
            BTreeMap::new(),
            Vec::new(),
        )
    }

    fn new(values: Vec<String>, photos: BTreeMap<String, Photo>, warnings: Vec<String>) -> Self {
        let mut hasher = DefaultHasher::new();
        values.hash(&mut hasher);
        photos.hash(&mut hasher);
        Snapshot {
            values,
            photos,
            warnings,
            tag: hasher.finish(),
        }
    }

    pub fn get(&self, key: Key) -> &str {
        &self.values[key as usize]
    }

    /// True when nothing differs from the embedded defaults.
    pub fn is_default(&self) -> bool {
        self.photos.is_empty() && SETTINGS.iter().all(|s| self.get(s.key) == s.default)
    }

    /// Whether a setting still has its placeholder value.
    pub fn is_placeholder(&self, key: Key) -> bool {
        self.get(key) == setting(key).default
    }

    /// What the pages' script reads: every setting by its name in camelCase, and the photos.
    pub fn client_json(&self) -> String {
        let mut map = Map::new();
        for s in &SETTINGS {
            map.insert(camel_case(s.name), Value::String(self.get(s.key).into()));
        }
        let photos: Map<String, Value> = self
            .photos
            .iter()
            .map(|(slot, photo)| (slot.clone(), Value::String(photo.url())))
            .collect();
        map.insert("photos".into(), Value::Object(photos));
        Value::Object(map).to_string()
    }

    /// Reads the data directory. A value that cannot be used keeps `previous`'s, with a warning.
    pub fn read(dir: &Path, previous: &Snapshot) -> Snapshot {
        let mut warnings = Vec::new();
        let mut values = previous.values.clone();
        match read_file(dir) {
            Ok(file) => {
                for s in &SETTINGS {
                    values[s.key as usize] = match file.get(s.name) {
                        None => s.default.to_string(),
                        Some(Value::String(raw)) => match validate(s, raw) {
                            Ok(v) => v,
                            Err(e) => {
                                warnings.push(format!("{e}; keeping '{}'", previous.get(s.key)));
                                previous.get(s.key).to_string()
                            }
                        },
                        Some(_) => {
                            warnings.push(format!(
                                "{} in {FILE} must be a string in quotes; keeping '{}'",
                                s.name,
                                previous.get(s.key)
                            ));
                            previous.get(s.key).to_string()
                        }
                    };
                }
                for name in file.keys() {
                    if find(name).is_err() {
                        warnings.push(format!(
                            "{FILE} names '{name}', which is not a setting (ignored). The settings are: {}",
                            names().join(", ")
                        ));
                    }
                }
            }
            Err(e) => warnings.push(format!("{e}; keeping the settings in use")),
        }
        let photos = read_photos(&dir.join(PHOTO_DIR), &mut warnings);
        Snapshot::new(values, photos, warnings)
    }
}

fn read_photos(folder: &Path, warnings: &mut Vec<String>) -> BTreeMap<String, Photo> {
    let mut found: BTreeMap<String, (usize, Photo)> = BTreeMap::new();
    let Ok(entries) = std::fs::read_dir(folder) else {
        return BTreeMap::new();
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Ok(meta) = entry.metadata() else { continue };
        if !meta.is_file() {
            continue;
        }
        let Some((slot, rank)) = photo_slot(&file) else {
            warnings.push(format!(
                "photos/{file} is not used: name photos <slot>.{} with letters, digits and dashes (see `thewell site photos`)",
                PHOTO_TYPES.join("|")
            ));
            continue;
        };
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        let mut hasher = DefaultHasher::new();
        (meta.len(), modified, &file).hash(&mut hasher);
        let photo = Photo {
            file,
            bytes: meta.len(),
            version: format!("{:08x}", hasher.finish() as u32),
        };
        if found.get(&slot).is_none_or(|(r, _)| rank < *r) {
            found.insert(slot, (rank, photo));
        }
    }
    found.into_iter().map(|(slot, (_, p))| (slot, p)).collect()
}

/// What changes when a volunteer edits the settings or the photos.
fn fingerprint(dir: &Path) -> Vec<(String, u64, Option<SystemTime>)> {
    let stamp = |path: &Path, name: String| {
        std::fs::metadata(path)
            .ok()
            .map(|m| (name, m.len(), m.modified().ok()))
    };
    let mut marks: Vec<_> = stamp(&dir.join(FILE), FILE.into()).into_iter().collect();
    if let Ok(entries) = std::fs::read_dir(dir.join(PHOTO_DIR)) {
        marks.extend(
            entries
                .flatten()
                .filter_map(|e| stamp(&e.path(), e.file_name().to_string_lossy().into_owned())),
        );
    }
    marks.sort();
    marks
}

/// The settings as a running server sees them: re-read when the files change.
pub struct Live {
    dir: PathBuf,
    state: Mutex<LiveState>,
}

struct LiveState {
    snapshot: Arc<Snapshot>,
    marks: Vec<(String, u64, Option<SystemTime>)>,
    checked: Instant,
}

impl Live {
    pub fn open(dir: &Path) -> Live {
        let snapshot = Snapshot::read(dir, &Snapshot::defaults());
        for warning in &snapshot.warnings {
            tracing::warn!("{warning}");
        }
        Live {
            dir: dir.to_path_buf(),
            state: Mutex::new(LiveState {
                snapshot: Arc::new(snapshot),
                marks: fingerprint(dir),
                checked: Instant::now(),
            }),
        }
    }

    /// The current settings; looks at the files at most once a second.
    pub fn current(&self) -> Arc<Snapshot> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.checked.elapsed() >= RECHECK {
            state.checked = Instant::now();
            let marks = fingerprint(&self.dir);
            if marks != state.marks {
                let snapshot = Snapshot::read(&self.dir, &state.snapshot);
                for warning in &snapshot.warnings {
                    tracing::warn!("{warning}");
                }
                tracing::info!(photos = snapshot.photos.len(), "site settings re-read");
                state.snapshot = Arc::new(snapshot);
                state.marks = marks;
            }
        }
        Arc::clone(&state.snapshot)
    }

    pub fn photo_path(&self, file: &str) -> PathBuf {
        self.dir.join(PHOTO_DIR).join(file)
    }
}

/// The TypeScript copy of the settings' names and defaults, for the frontend.
#[cfg(test)]
pub fn typescript() -> String {
    let mut out = String::from(
        "// Generated from src/settings.rs by `UPDATE_SETTINGS_TS=1 cargo test settings::`: do not edit by hand.\n\
         // A Rust test fails when this file and the declarations drift apart.\n\n\
         export interface SiteSettings {\n",
    );
    for s in &SETTINGS {
        out.push_str(&format!(
            "  /** {} */\n  {}: string;\n",
            s.help,
            camel_case(s.name)
        ));
    }
    out.push_str("  /** Photo slot → the address of the photo that replaces its drawing. */\n  photos: Record<string, string>;\n}\n\n");
    out.push_str("export const defaultSettings: SiteSettings = {\n");
    for s in &SETTINGS {
        out.push_str(&format!(
            "  {}: {},\n",
            camel_case(s.name),
            serde_json::to_string(s.default).expect("string")
        ));
    }
    out.push_str("  photos: {},\n};\n\n");
    out.push_str(&format!(
        "/** The classes of a photo laid over its drawing (src/pages.rs writes the same into prerendered pages). */\n\
         export const PHOTO_CLASS = {};\n\n",
        serde_json::to_string(crate::pages::PHOTO_CLASS).expect("string")
    ));
    out.push_str(
        "/** The server's redirects to the outside links (src/links.rs): current even before the page's script runs. */\n\
         export const links = {\n",
    );
    for (name, _) in crate::links::LINKS {
        out.push_str(&format!("  {}: '/go/{name}',\n", camel_case(name)));
    }
    out.push_str("} as const;\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_follows_the_key_order() {
        for (i, s) in SETTINGS.iter().enumerate() {
            assert_eq!(s.key as usize, i, "{} is out of order", s.name);
        }
    }

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
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        let err = find("giving").unwrap_err().to_string();
        assert!(
            err.contains("giving-url") && err.contains("contact-email"),
            "{err}"
        );
    }

    #[test]
    fn set_unset_and_a_bad_file_keep_what_was_stored() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            set(dir.path(), "sermon-video", "https://youtu.be/dQw4w9WgXcQ").unwrap(),
            "dQw4w9WgXcQ"
        );
        set(dir.path(), "contact-email", "hello@thewell.church").unwrap();
        let snap = Snapshot::read(dir.path(), &Snapshot::defaults());
        assert_eq!(snap.get(Key::SermonVideo), "dQw4w9WgXcQ");
        assert_eq!(snap.get(Key::ContactEmail), "hello@thewell.church");
        assert!(snap.is_placeholder(Key::GivingUrl));
        assert!(snap.warnings.is_empty(), "{:?}", snap.warnings);

        // A rejected value changes nothing on disk.
        assert!(set(dir.path(), "contact-email", "nope").is_err());
        let again = Snapshot::read(dir.path(), &Snapshot::defaults());
        assert_eq!(again.get(Key::ContactEmail), "hello@thewell.church");

        assert!(unset(dir.path(), "sermon-video").unwrap());
        assert!(!unset(dir.path(), "sermon-video").unwrap());
        let after = Snapshot::read(dir.path(), &snap);
        assert!(after.is_placeholder(Key::SermonVideo));

        // A hand edit that breaks the file keeps the values in use, with a warning.
        std::fs::write(dir.path().join(FILE), "{ not json").unwrap();
        let broken = Snapshot::read(dir.path(), &after);
        assert_eq!(broken.get(Key::ContactEmail), "hello@thewell.church");
        assert!(
            broken.warnings[0].contains("is not a JSON object"),
            "{:?}",
            broken.warnings
        );
        assert!(
            set(dir.path(), "sermon-speaker", "Ana").is_err(),
            "set refuses to overwrite a broken file"
        );

        // A bad value by hand keeps the previous one; an unknown name is reported.
        std::fs::write(
            dir.path().join(FILE),
            r#"{"contact-email": "bad", "giving": "x", "sermon-speaker": 5}"#,
        )
        .unwrap();
        let hand = Snapshot::read(dir.path(), &after);
        assert_eq!(hand.get(Key::ContactEmail), "hello@thewell.church");
        assert_eq!(hand.warnings.len(), 3, "{:?}", hand.warnings);
    }

    #[test]
    fn photos_fill_slots_by_file_name() {
        assert_eq!(
            photo_slot("Worship-Night.JPG"),
            Some(("worship-night".into(), 2))
        );
        assert_eq!(photo_slot("a.webp"), Some(("a".into(), 0)));
        assert_eq!(photo_slot("notes.txt"), None);
        assert_eq!(photo_slot("../x.jpg"), None);
        assert_eq!(photo_slot("with space.jpg"), None);

        let dir = tempfile::tempdir().unwrap();
        let photos = dir.path().join(PHOTO_DIR);
        std::fs::create_dir(&photos).unwrap();
        std::fs::write(photos.join("team.jpg"), b"jpg").unwrap();
        std::fs::write(photos.join("team.webp"), b"webp").unwrap();
        std::fs::write(photos.join("readme.txt"), b"?").unwrap();
        let snap = Snapshot::read(dir.path(), &Snapshot::defaults());
        assert_eq!(snap.photos["team"].file, "team.webp", "webp is preferred");
        assert!(
            snap.photos["team"]
                .url()
                .starts_with("/photos/team.webp?v=")
        );
        assert_eq!(snap.warnings.len(), 1, "{:?}", snap.warnings);
        assert!(!snap.is_default());
        assert!(Snapshot::defaults().is_default());
        assert_ne!(snap.tag, Snapshot::defaults().tag);
    }

    #[test]
    fn the_frontend_copy_matches_these_declarations() {
        crate::generated::check(
            "frontend/src/content/settings.generated.ts",
            &typescript(),
            "UPDATE_SETTINGS_TS",
        );
    }
}
