//! `<data-dir>/site.json`: the values a volunteer set, read as a JSON object and
//! written whole (to a temporary name, then renamed), so a reader never sees half a file.
use serde_json::{Map, Value};

use super::{SettingsError, find, validate};
use crate::data_dir::{DataDir, create_private_dir, replace_private_file};

/// The settings file's contents: the values set, by name, as written.
pub fn read_file(dir: &DataDir) -> Result<Map<String, Value>, SettingsError> {
    let path = dir.settings_file();
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Map::new()),
        Err(error) => return Err(SettingsError::Read { path, error }),
    };
    serde_json::from_str(&text).map_err(|error| SettingsError::Parse { path, error })
}

/// The last settings file that was read whole, if one was kept.
pub fn read_last_good(dir: &DataDir) -> Option<Map<String, Value>> {
    let text = std::fs::read_to_string(dir.settings_last_good()).ok()?;
    serde_json::from_str(&text).ok()
}

/// Keeps a copy of a settings file that was read whole (mode 0600), unless it is
/// already the copy kept. A failure only costs the copy: it is logged, not returned.
pub fn save_last_good(dir: &DataDir, values: &Map<String, Value>) {
    if read_last_good(dir).as_ref() == Some(values) {
        return;
    }
    if let Err(error) = write_json(
        &dir.settings_last_good(),
        &dir.settings_last_good_temp(),
        dir,
        values,
    ) {
        tracing::warn!(path = %dir.settings_last_good().display(), "cannot keep the last good settings: {error}");
    }
}

/// Writes the file whole to a temporary name, then renames it over the old one,
/// so a reader (the server) never sees half a file.
fn write_file(dir: &DataDir, values: &Map<String, Value>) -> Result<(), SettingsError> {
    let path = dir.settings_file();
    write_json(&path, &dir.settings_temp(), dir, values)
        .map_err(|error| SettingsError::Write { path, error })
}

/// `values` as pretty JSON at `path`, through `temp`, synced, mode 0600.
fn write_json(
    path: &std::path::Path,
    temp: &std::path::Path,
    dir: &DataDir,
    values: &Map<String, Value>,
) -> std::io::Result<()> {
    let mut text = serde_json::to_string_pretty(values).expect("a JSON object");
    text.push('\n');
    create_private_dir(dir.root())?;
    replace_private_file(path, temp, text.as_bytes())
}

/// `thewell site set`: validates, then stores the value. Returns the value as stored.
pub fn set(dir: &DataDir, name: &str, raw: &str) -> Result<String, SettingsError> {
    let setting = find(name)?;
    let value = validate(setting, raw)?;
    let mut values = read_file(dir)?;
    values.insert(setting.name.to_string(), Value::String(value.clone()));
    write_file(dir, &values)?;
    save_last_good(dir, &values);
    Ok(value)
}

/// `thewell site unset`: back to the placeholder. Returns whether a value was set.
pub fn unset(dir: &DataDir, name: &str) -> Result<bool, SettingsError> {
    let setting = find(name)?;
    let mut values = read_file(dir)?;
    let had = values.remove(setting.name).is_some();
    if had {
        write_file(dir, &values)?;
        save_last_good(dir, &values);
    }
    Ok(had)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::published::Snapshot;
    use crate::settings::Key;

    #[test]
    fn set_unset_and_a_bad_file_keep_what_was_stored() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        assert_eq!(
            set(&dir, "sermon-video", "https://youtu.be/dQw4w9WgXcQ").unwrap(),
            "dQw4w9WgXcQ"
        );
        set(&dir, "contact-email", "hello@thewell.church").unwrap();
        let snap = Snapshot::read(&dir, &Snapshot::defaults());
        assert_eq!(snap.get(Key::SermonVideo), "dQw4w9WgXcQ");
        assert_eq!(snap.get(Key::ContactEmail), "hello@thewell.church");
        assert!(snap.is_placeholder(Key::GivingUrl));
        assert!(snap.warnings.is_empty(), "{:?}", snap.warnings);

        // A rejected value changes nothing on disk.
        assert!(set(&dir, "contact-email", "nope").is_err());
        let again = Snapshot::read(&dir, &Snapshot::defaults());
        assert_eq!(again.get(Key::ContactEmail), "hello@thewell.church");

        assert!(unset(&dir, "sermon-video").unwrap());
        assert!(!unset(&dir, "sermon-video").unwrap());
        let after = Snapshot::read(&dir, &snap);
        assert!(after.is_placeholder(Key::SermonVideo));

        // A hand edit that breaks the file keeps the values in use, with a warning.
        std::fs::write(dir.settings_file(), "{ not json").unwrap();
        let broken = Snapshot::read(&dir, &after);
        assert_eq!(broken.get(Key::ContactEmail), "hello@thewell.church");
        assert!(
            broken.warnings[0].contains("is not a JSON object"),
            "{:?}",
            broken.warnings
        );
        assert!(
            set(&dir, "sermon-speaker", "Ana").is_err(),
            "set refuses to overwrite a broken file"
        );

        // A bad value by hand keeps the previous one; an unknown name is reported.
        std::fs::write(
            dir.settings_file(),
            r#"{"contact-email": "bad", "giving": "x", "sermon-speaker": 5}"#,
        )
        .unwrap();
        let hand = Snapshot::read(&dir, &after);
        assert_eq!(hand.get(Key::ContactEmail), "hello@thewell.church");
        assert_eq!(hand.warnings.len(), 3, "{:?}", hand.warnings);
    }
}
