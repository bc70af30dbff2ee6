//! One consistent reading of everything a volunteer set (`Snapshot`: settings,
//! photos, and the sermons and events of the content files), and the reading a
//! running server keeps (`Live`), re-read when the files change and when what the
//! content shows changes by itself (an event ends).
use std::collections::BTreeMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock, TryLockError};
use std::time::{Duration, Instant, SystemTime};

use chrono::{DateTime, Utc};
use serde_json::{Map, Value};

use crate::content::in_english::words_in_english;
use crate::content::{Kind, Library, Shown};
use crate::contract::camel_case;
use crate::data_dir::DataDir;
use crate::page_parts::part_words::PartWords;
use crate::photos::{Job, Made, Ratio, Recipe, State};
use crate::settings::{
    FIGURES, Key, Photo, SETTINGS, Setting, figure_words, find, names, read_file, read_last_good,
    read_photos, save_last_good, setting, validate,
};

/// How often a running server looks for a changed settings file or photo.
const RECHECK: Duration = Duration::from_secs(1);

/// Everything the site shows that a volunteer set: one consistent reading.
#[derive(Debug)]
pub struct Snapshot {
    values: Vec<String>,
    /// Photo slot → the volunteer's original that fills it (never served).
    pub originals: BTreeMap<String, Photo>,
    /// Photo slot → its variants ready to serve (the pages show only these).
    pub photos: BTreeMap<String, Made>,
    /// Problems found while reading (bad values keep the previous one).
    pub warnings: Vec<String>,
    /// Set when site.json itself cannot be read or parsed: what is wrong with it.
    pub broken: Option<String>,
    /// The sermons and events of the content files (or the built-in examples).
    pub library: Library,
    /// What the pages show of them now.
    pub shown: Shown,
    /// The same, as the JSON the pages' script reads.
    pub content_json: String,
    /// The pages of each other language (`ur`): the gatherings' words in it, and the
    /// content JSON with them.
    pub in_language: BTreeMap<String, InLanguage>,
    /// When that changes by itself next (an event ends, a sermon's day comes).
    pub content_until: Option<DateTime<Utc>>,
    /// Differs whenever anything the pages show differs.
    pub tag: u64,
    /// Nothing differs from what the build's pages carry (worked out once, not per request).
    default: bool,
    /// How long each form's submissions are kept (`serve --keep`): (form, "90 days").
    pub retention: Vec<(String, String)>,
    /// When the settings file last changed: an online gathering's calendar event
    /// carries its meeting link, so its SEQUENCE rises with it.
    pub settings_changed: Option<DateTime<Utc>>,
}

/// What the pages of one language other than English show of the content.
#[derive(Debug, Clone)]
pub struct InLanguage {
    /// The content files' items in that language where they give it (else English).
    pub library: Library,
    /// What its pages show of them now, the gatherings' words in that language.
    pub shown: Shown,
    pub content_json: String,
}

/// The content JSON of a site without content files, as the build's pages carry it.
pub fn builtin_content_json() -> &'static str {
    static JSON: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let library = Library::builtin();
        let mut shown = library.shown(library.settled());
        shown.words.extend(figure_words(
            |key| setting(key).default.to_string(),
            PartWords::english(),
        ));
        serde_json::to_string(&shown).expect("JSON")
    });
    &JSON
}

impl Snapshot {
    pub fn defaults() -> Snapshot {
        Snapshot::new(
            SETTINGS.iter().map(|s| s.default.to_string()).collect(),
            BTreeMap::new(),
            BTreeMap::new(),
            Vec::new(),
            Library::builtin(),
        )
    }

    fn new(
        values: Vec<String>,
        originals: BTreeMap<String, Photo>,
        photos: BTreeMap<String, Made>,
        warnings: Vec<String>,
        library: Library,
    ) -> Self {
        let mut snapshot = Snapshot {
            values,
            originals,
            photos,
            warnings,
            broken: None,
            library,
            shown: Shown::default(),
            content_json: String::new(),
            in_language: BTreeMap::new(),
            content_until: None,
            tag: 0,
            default: false,
            retention: Vec::new(),
            settings_changed: None,
        };
        snapshot.show_content_at(Utc::now());
        snapshot
    }

    /// Sets what the content shows at `now`.
    fn show_content_at(&mut self, now: DateTime<Utc>) {
        self.shown = self.library.shown(now);
        self.shown.words.extend(figure_words(
            |key| self.get(key).to_string(),
            PartWords::english(),
        ));
        self.content_json = serde_json::to_string(&self.shown).expect("content is JSON");
        self.in_language = crate::language::others()
            .iter()
            .map(|language| {
                let code = language.code;
                let library = self.library.in_language(code, now);
                let mut shown = library.shown_in(now, language.gatherings);
                shown.words.extend(figure_words(
                    |key| self.get(key).to_string(),
                    language.parts,
                ));
                shown.words_in_english = words_in_english(&self.shown.words, &shown.words);
                let content_json = serde_json::to_string(&shown).expect("content is JSON");
                let language = InLanguage {
                    library,
                    shown,
                    content_json,
                };
                (code.to_string(), language)
            })
            .collect();
        self.content_until = self.library.next_change(now);
        self.retag();
    }

    fn retag(&mut self) {
        let mut hasher = DefaultHasher::new();
        self.values.hash(&mut hasher);
        self.photos.hash(&mut hasher);
        self.content_json.hash(&mut hasher);
        for language in self.in_language.values() {
            language.content_json.hash(&mut hasher);
        }
        // (people are shown in pages only, not in the content block; with their
        // words in the other languages)
        self.library.people.hash(&mut hasher);
        self.retention.hash(&mut hasher);
        self.tag = hasher.finish();
        self.default = self.photos.is_empty()
            && SETTINGS.iter().all(|s| self.get(s.key) == s.default)
            && self.content_json == builtin_content_json()
            && self.library.sermons.iter().all(|s| s.is_builtin())
            && self.library.events.iter().all(|e| e.is_builtin())
            && self.library.people.is_empty()
            && self.retention.is_empty();
    }

    /// The site's address `origin` in place of the placeholder (`serve --domain`
    /// knows it); an address the volunteer set stays.
    fn with_site_url(mut self, origin: Option<&str>) -> Snapshot {
        if let Some(origin) = origin
            && self.is_placeholder(Key::SiteUrl)
        {
            self.values[Key::SiteUrl as usize] = origin.to_string();
            self.retag();
        }
        self
    }

    /// How long each form is kept, for the privacy policy page.
    fn with_retention(mut self, retention: &[(String, String)]) -> Snapshot {
        if !retention.is_empty() {
            self.retention = retention.to_vec();
            self.retag();
        }
        self
    }

    /// The settings visitors would see as placeholders (the optional ones, such as the
    /// hero video, are not among them), in the order of `SETTINGS`.
    pub fn placeholders(&self) -> Vec<&'static Setting> {
        SETTINGS
            .iter()
            .filter(|s| {
                !s.default.is_empty() && !FIGURES.contains(&s.key) && self.is_placeholder(s.key)
            })
            .collect()
    }

    /// What a server starts from: the last settings file that was read whole
    /// (site.json.last-good), else the placeholders.
    pub fn last_good(dir: &DataDir) -> Snapshot {
        let defaults = Snapshot::defaults();
        match read_last_good(dir) {
            Some(file) => {
                let mut ignored = Vec::new();
                let values = values_from(&file, &defaults, dir, &mut ignored);
                Snapshot::new(
                    values,
                    BTreeMap::new(),
                    BTreeMap::new(),
                    Vec::new(),
                    Library::builtin(),
                )
            }
            None => defaults,
        }
    }

    pub fn get(&self, key: Key) -> &str {
        &self.values[key as usize]
    }

    /// True when nothing differs from the embedded defaults.
    pub fn is_default(&self) -> bool {
        self.default
    }

    /// Whether a setting still has its placeholder value.
    /// The words the pages in language `code` show (a gathering's day and place, the
    /// figures): its own where the site has that language, else the English.
    pub fn words_in(&self, code: &str) -> &BTreeMap<String, String> {
        self.in_language
            .get(code)
            .map_or(&self.shown.words, |l| &l.shown.words)
    }

    pub fn is_placeholder(&self, key: Key) -> bool {
        self.get(key) == setting(key).default
    }

    /// What the pages' script reads: every setting by its name in camelCase, and the
    /// photos (with their placeholder for those drawn on the page, `on_page`).
    pub fn client_json(&self, on_page: &[&str]) -> String {
        let mut map = Map::new();
        for s in &SETTINGS {
            map.insert(camel_case(s.name), Value::String(self.get(s.key).into()));
        }
        let photos: Map<String, Value> = self
            .photos
            .iter()
            .map(|(slot, made)| {
                let shown = crate::bundle::ShownPhoto::of(made, on_page.contains(&slot.as_str()));
                (
                    slot.clone(),
                    serde_json::to_value(shown).expect("a photo is JSON"),
                )
            })
            .collect();
        map.insert("photos".into(), Value::Object(photos));
        Value::Object(map).to_string()
    }

    /// Reads the data directory. A value that cannot be used keeps `previous`'s, with a
    /// warning; a file that cannot be read keeps all of `previous` and marks it broken.
    pub fn read(dir: &DataDir, previous: &Snapshot) -> Snapshot {
        let mut warnings = Vec::new();
        let mut broken = None;
        let values = match read_file(dir) {
            Ok(file) => {
                save_last_good(dir, &file);
                values_from(&file, previous, dir, &mut warnings)
            }
            Err(e) => {
                let kept = if dir.settings_last_good().exists() {
                    format!(
                        "the site keeps its last good settings until it is fixed: correct it by hand, or put the last good copy back with `cp {} {}`",
                        dir.settings_last_good().display(),
                        dir.settings_file().display()
                    )
                } else {
                    "the site keeps the settings it had (placeholders at start-up) until it is fixed".to_string()
                };
                warnings.push(format!("{e}; {kept}"));
                broken = Some(e.to_string());
                previous.values.clone()
            }
        };
        let originals = read_photos(&dir.photos(), &mut warnings);
        let library = Library::read(dir, &previous.library);
        let photos = shown_photos(dir, &originals, &library);
        warnings.extend(
            library
                .problems
                .iter()
                .map(|p| format!("content file problem: {p}; {}", library.consequence(p))),
        );
        let mut snapshot = Snapshot::new(values, originals, photos, warnings, library);
        snapshot.broken = broken;
        snapshot.settings_changed = std::fs::metadata(dir.settings_file())
            .and_then(|m| m.modified())
            .ok()
            .map(DateTime::<Utc>::from);
        snapshot
    }

    /// Each slot that has an original, with how its variants are made.
    pub fn photo_jobs(&self, dir: &DataDir) -> Vec<Job> {
        photo_jobs(dir, &self.originals, &self.library)
    }
}

/// The shape and largest drawn width of each photo slot: the build's (as its pages
/// draw them) and one per named person (a square card).
fn slot_frames(library: &Library) -> BTreeMap<String, (Ratio, u32)> {
    static BUILT: std::sync::LazyLock<Vec<crate::bundle::PhotoSlot>> =
        std::sync::LazyLock::new(crate::bundle::photo_slots);
    BUILT
        .iter()
        .chain(library.photo_slots().iter())
        .map(|s| (s.slot.clone(), (Ratio::of_slot(&s.ratio), s.largest)))
        .collect()
}

fn photo_jobs(dir: &DataDir, originals: &BTreeMap<String, Photo>, library: &Library) -> Vec<Job> {
    let frames = slot_frames(library);
    originals
        .iter()
        .filter_map(|(slot, photo)| {
            let &(ratio, largest_drawn) = frames.get(slot)?;
            let recipe = Recipe {
                ratio,
                largest_drawn,
                focus: photo.focus,
            };
            Some(Job {
                slot: slot.clone(),
                original: dir.photo(&photo.file),
                key: crate::photos::key(&photo.version, &recipe),
                recipe,
            })
        })
        .collect()
}

/// The variants to show for each slot: those made from its current original, or
/// while that one waits or was refused, those made from the one before it.
fn shown_photos(
    dir: &DataDir,
    originals: &BTreeMap<String, Photo>,
    library: &Library,
) -> BTreeMap<String, Made> {
    photo_jobs(dir, originals, library)
        .into_iter()
        .filter_map(|job| {
            let made = match crate::photos::state(dir, &job.slot, &job.key) {
                State::Ready(made) => made,
                State::Refused(_) | State::Waiting => crate::photos::last_made(dir, &job.slot)?,
            };
            Some((job.slot, made))
        })
        .collect()
}

/// The values of a settings file; a value that cannot be used keeps `previous`'s.
fn values_from(
    file: &Map<String, Value>,
    previous: &Snapshot,
    dir: &DataDir,
    warnings: &mut Vec<String>,
) -> Vec<String> {
    let mut values = previous.values.clone();
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
                    "{} in {} must be a string in quotes; keeping '{}'",
                    s.name,
                    dir.settings_file_name(),
                    previous.get(s.key)
                ));
                previous.get(s.key).to_string()
            }
        };
    }
    for name in file.keys() {
        if find(name).is_err() {
            warnings.push(format!(
                "{} names '{name}', which is not a setting (ignored). The settings are: {}",
                dir.settings_file_name(),
                names().join(", ")
            ));
        }
    }
    values
}

/// What changes when a volunteer edits the settings, the photos or the content files.
fn fingerprint(dir: &DataDir) -> Vec<(String, u64, Option<SystemTime>)> {
    let stamp = |path: &std::path::Path, name: String| {
        std::fs::metadata(path)
            .ok()
            .map(|m| (name, m.len(), m.modified().ok()))
    };
    let launch = dir.content().join(crate::content::LAUNCH_FILE);
    let mut marks: Vec<_> = [
        stamp(&dir.settings_file(), dir.settings_file_name().into()),
        stamp(&launch, crate::content::LAUNCH_FILE.into()),
    ]
    .into_iter()
    .flatten()
    .collect();
    let folders = [
        (dir.photos(), String::new()),
        (dir.photo_variants(), "photo-variants/".into()),
    ]
    .into_iter()
    .chain(Kind::ALL.map(|kind| {
        (
            dir.content().join(kind.folder()),
            format!("{}/", kind.folder()),
        )
    }));
    for (folder, prefix) in folders {
        if let Ok(entries) = std::fs::read_dir(folder) {
            // Files only: the variants' own folder (photo-variants/files/) changes with
            // every size written, and the records beside it say when a photo is ready.
            marks.extend(
                entries
                    .flatten()
                    .filter(|e| e.file_type().is_ok_and(|t| !t.is_dir()))
                    .filter_map(|e| {
                        stamp(
                            &e.path(),
                            format!("{prefix}{}", e.file_name().to_string_lossy()),
                        )
                    }),
            );
        }
    }
    marks.sort();
    marks
}

/// The settings as a running server sees them: re-read when the files change.
pub struct Live {
    dir: DataDir,
    /// The site's address when no one set one (`serve --domain`: https://<domain>).
    site_url: Option<String>,
    retention: Vec<(String, String)>,
    /// What every request is served: replaced whole when the files change.
    published: RwLock<Arc<Snapshot>>,
    /// When the files are next looked at (milliseconds since `started`).
    next_look: AtomicU64,
    started: Instant,
    /// The files as last seen; held by the one request that looks at them.
    marks: Mutex<Vec<(String, u64, Option<SystemTime>)>>,
}

impl Live {
    /// The settings in `dir`; `site_url` stands in for the placeholder address;
    /// `retention` is how long each form is kept (form, period), for the privacy page.
    pub fn open(dir: &DataDir, site_url: Option<String>, retention: Vec<(String, String)>) -> Live {
        let snapshot = Snapshot::read(dir, &Snapshot::last_good(dir))
            .with_site_url(site_url.as_deref())
            .with_retention(&retention);
        if let Some(error) = &snapshot.broken {
            tracing::error!(
                "SETTINGS FILE BROKEN: {error}. Serving the last good settings ({}), not the file; `thewell site show` says more",
                dir.settings_last_good().display()
            );
        }
        for warning in &snapshot.warnings {
            tracing::warn!("{warning}");
        }
        Live {
            dir: dir.clone(),
            site_url,
            retention,
            published: RwLock::new(Arc::new(snapshot)),
            next_look: AtomicU64::new(RECHECK.as_millis() as u64),
            started: Instant::now(),
            marks: Mutex::new(fingerprint(dir)),
        }
    }

    /// The current settings; looks at the files at most once a second.
    /// Every request reads it without waiting: the one request that finds a second
    /// has passed looks at the files, and the others meanwhile get what is published.
    pub fn current(&self) -> Arc<Snapshot> {
        let now = self.started.elapsed().as_millis() as u64;
        if now >= self.next_look.load(Ordering::Relaxed) {
            let marks = match self.marks.try_lock() {
                Ok(marks) => Some(marks),
                Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
                Err(TryLockError::WouldBlock) => None,
            };
            if let Some(mut marks) = marks
                && now >= self.next_look.load(Ordering::Relaxed)
            {
                self.next_look
                    .store(now + RECHECK.as_millis() as u64, Ordering::Relaxed);
                self.look(&mut marks);
            }
        }
        Arc::clone(&self.published.read().unwrap_or_else(|e| e.into_inner()))
    }

    /// Re-reads the settings and content when their files changed, or when what the
    /// content shows moved on by itself (an event ended).
    fn look(&self, marks: &mut Vec<(String, u64, Option<SystemTime>)>) {
        let now_marks = fingerprint(&self.dir);
        let previous = Arc::clone(&self.published.read().unwrap_or_else(|e| e.into_inner()));
        let content_moved = previous
            .content_until
            .is_some_and(|until| Utc::now() >= until);
        if now_marks == *marks && !content_moved {
            return;
        }
        let snapshot = Snapshot::read(&self.dir, &previous)
            .with_site_url(self.site_url.as_deref())
            .with_retention(&self.retention);
        for warning in &snapshot.warnings {
            tracing::warn!("{warning}");
        }
        tracing::info!(
            photos = snapshot.photos.len(),
            sermons = snapshot.library.sermons.len(),
            events = snapshot.library.events.len(),
            "site settings and content re-read"
        );
        *self.published.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(snapshot);
        *marks = now_marks;
    }

    /// A made variant's file.
    pub fn photo_file(&self, file: &str) -> std::path::PathBuf {
        self.dir.photo_files().join(file)
    }

    /// Starts the photo maker on this server's data directory.
    pub fn make_photos(self: &Arc<Self>) {
        let live = Arc::clone(self);
        crate::photos::start(self.dir.clone(), move || {
            live.current().photo_jobs(&live.dir)
        });
    }
}
