//! Putting a restored site in place: the staged files moved into the data directory,
//! the database last (a data directory with a database is a restored one), with
//! `.restore-moving` naming what is being moved so that a restore killed half-way is
//! undone by the next; what a killed restore left behind removed; notification
//! targets paused.
use std::collections::BTreeMap;
use std::path::Path;

use super::outcome::Restored;
use crate::data_dir::DataDir;
use crate::offsite::OffsiteError;
use crate::offsite::pack::FILES;

/// The name of the file that says which folders a restore was moving into place.
pub(super) const MOVING: &str = ".restore-moving";

/// Readies `dir` (which holds no database) for a restore: what a killed one left is
/// removed; a folder of the site's files that holds anything stops it.
pub(super) fn make_room(dir: &DataDir) -> Result<(), OffsiteError> {
    if dir.root().exists() {
        clean_leftovers(dir)?;
    }
    for name in FILES {
        let path = dir.root().join(name);
        let empty_dir = std::fs::read_dir(&path).is_ok_and(|mut d| d.next().is_none());
        if path.exists() && !empty_dir {
            return Err(OffsiteError::NotEmpty(dir.root().to_path_buf()));
        }
    }
    Ok(())
}

/// Removes what a restore that died left behind: its staging folders, and what it
/// had already moved into place (named in `.restore-moving`) while the database,
/// moved last, is not there yet.
pub(super) fn clean_leftovers(dir: &DataDir) -> Result<(), OffsiteError> {
    let root = dir.root();
    let moving = root.join(MOVING);
    if moving.exists() && !dir.database().exists() {
        let names = std::fs::read_to_string(&moving).unwrap_or_default();
        let state = dir.offsite_state();
        let state_name = state
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        for name in names
            .lines()
            .filter(|n| FILES.contains(n) || *n == state_name)
        {
            let path = root.join(name);
            let gone = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            if let Err(e) = gone
                && e.kind() != std::io::ErrorKind::NotFound
            {
                return Err(OffsiteError::io(&path)(e));
            }
        }
    }
    let _ = std::fs::remove_file(&moving);
    if let Ok(entries) = std::fs::read_dir(root) {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with(".restore-") {
                let path = entry.path();
                std::fs::remove_dir_all(&path).map_err(OffsiteError::io(&path))?;
            }
        }
    }
    Ok(())
}

/// A restore stopped between moving its database into place (the last move: the data
/// directory is then restored) and removing `.restore-moving` and its staging folder:
/// those are removed, and what the database holds is counted.
pub(super) fn finish_tidying(dir: &DataDir) -> Result<Restored, OffsiteError> {
    // With the database in place, this removes the marker and the staging folders only.
    clean_leftovers(dir)?;
    let root = dir.root();
    std::fs::File::open(root)
        .and_then(|f| f.sync_all())
        .map_err(OffsiteError::io(root))?;
    let (rows, newest) = crate::store::Filling::create(&dir.database())?.counts()?;
    Ok(Restored {
        rows,
        newest,
        ..Restored::nothing(BTreeMap::new(), true)
    })
}

/// Every notification target restored is paused: nobody is told of anything until
/// staff have looked at the list and run `thewell notify resume`.
pub(super) fn pause_targets(staging: &Path) -> Result<(), OffsiteError> {
    let path = staging.join(crate::notify::targets::FILE);
    if !path.exists() {
        return Ok(());
    }
    let bytes = std::fs::read(&path).map_err(OffsiteError::io(&path))?;
    let mut value: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|e| OffsiteError::Damaged {
            object: crate::notify::targets::FILE.into(),
            reason: e.to_string(),
        })?;
    if let Some(targets) = value.get_mut("targets").and_then(|t| t.as_array_mut()) {
        for target in targets {
            if let Some(target) = target.as_object_mut() {
                target.insert("paused".into(), serde_json::Value::Bool(true));
            }
        }
    }
    let json = serde_json::to_vec_pretty(&value).expect("JSON serialises");
    crate::data_dir::replace_private_file(&path, &staging.join(".notify.json.tmp"), &json)
        .map_err(OffsiteError::io(&path))
}

/// Moves the staged files into place, then the database: a data directory with a
/// database is a restored one. `.restore-moving` names what is being moved, so that
/// a restore killed half-way is undone by the next.
pub(super) fn move_into_place(dir: &DataDir, staging: &Path) -> Result<(), OffsiteError> {
    let root = dir.root();
    let mut names: Vec<&str> = FILES
        .iter()
        .copied()
        .filter(|n| staging.join(n).exists())
        .collect();
    let state = dir.offsite_state();
    let state_name = state
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    names.push(state_name);
    let moving = root.join(MOVING);
    crate::data_dir::replace_private_file(
        &moving,
        &root.join(".restore-moving.tmp"),
        names.join("\n").as_bytes(),
    )
    .map_err(OffsiteError::io(&moving))?;
    for name in names {
        let from = staging.join(name);
        if !from.exists() {
            continue;
        }
        let to = root.join(name);
        // An empty folder (photos/, made by a server's start) gives way.
        if to.is_dir() {
            let _ = std::fs::remove_dir(&to);
        }
        std::fs::rename(&from, &to).map_err(OffsiteError::io(&to))?;
    }
    let target = dir.database();
    std::fs::rename(staging.join("thewell.redb"), &target).map_err(OffsiteError::io(&target))?;
    std::fs::File::open(root)
        .and_then(|f| f.sync_all())
        .map_err(OffsiteError::io(root))?;
    std::fs::remove_file(&moving).map_err(OffsiteError::io(&moving))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data_dir::create_private_dir;

    #[test]
    fn a_restore_stopped_after_its_database_moved_is_tidied_and_counted_by_the_next() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path().join("site"));
        create_private_dir(dir.root()).unwrap();
        let database = crate::store::Filling::create(&dir.database()).unwrap();
        let form = crate::forms::FORMS[0].name.to_string();
        database
            .add(&[(form.clone(), ulid::Ulid::generate(), "{}".into())])
            .unwrap();
        drop(database);
        std::fs::write(dir.root().join(MOVING), "site.json\n").unwrap();
        std::fs::create_dir(dir.root().join(".restore-01J")).unwrap();
        std::fs::write(dir.root().join(".restore-01J/object.age"), "x").unwrap();
        std::fs::write(dir.root().join("site.json"), "{}").unwrap();

        let restored = finish_tidying(&dir).unwrap();
        assert!(restored.finished_earlier);
        assert_eq!(restored.rows.get(&form), Some(&1));
        let left: Vec<String> = std::fs::read_dir(dir.root())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().to_string())
            .collect();
        assert!(left.iter().all(|n| !n.starts_with('.')), "{left:?}");
        assert!(left.contains(&"site.json".to_string()), "{left:?}");
    }
}
