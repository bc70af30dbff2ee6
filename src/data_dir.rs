//! The data directory (`--data-dir`): the one place that names every path under it
//! and creates them with private modes (folders 0700, files 0600). Nothing else in
//! the code spells a file or folder name inside it.
use std::io;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The submissions database.
const DATABASE: &str = "thewell.redb";
const JOURNAL: &str = "thewell.journal";
/// The settings a volunteer sets with `thewell site set`.
const SETTINGS: &str = "site.json";
/// The photos that replace the drawn placeholders.
const PHOTOS: &str = "photos";
/// What the server made of the photos (sizes and formats to serve, and what it
/// refused): derived from `photos/`, made again when missing, never copied off-site.
const PHOTO_VARIANTS: &str = "photo-variants";
/// The sermons, events and people a volunteer writes (`thewell content new`).
const CONTENT: &str = "content";
/// Snapshots of the database (`thewell serve` takes them, `thewell backup` too).
const BACKUPS: &str = "backups";
/// The ACME account and the certificates obtained with it (`serve --domain`).
const ACME: &str = "acme";
/// Held by a running server so that `thewell restore` knows the database is in use.
const SERVER_LOCK: &str = "serve.lock";
/// Erasures the staff commands hand a running server (`thewell erase`).
const REQUESTS: &str = "requests";

/// A data directory and the paths inside it.
#[derive(Debug, Clone)]
pub struct DataDir {
    root: PathBuf,
}

impl DataDir {
    pub fn new(root: impl Into<PathBuf>) -> DataDir {
        DataDir { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The submissions database, `thewell.redb`.
    pub fn database(&self) -> PathBuf {
        self.root.join(DATABASE)
    }

    /// Where submissions are made durable before they reach the database (src/store/journal.rs).
    pub fn journal(&self) -> PathBuf {
        self.root.join(JOURNAL)
    }

    /// Where a journal found damaged is kept for inspection, named by the time it
    /// was found (`thewell.journal.damaged-20261123T120000Z`).
    pub fn journal_damaged(&self, stamp: &str) -> PathBuf {
        self.root.join(format!("{JOURNAL}.damaged-{stamp}"))
    }

    /// What the writer writes (and removes at once) to learn whether the disk has
    /// room again after storing failed.
    pub fn probe(&self) -> PathBuf {
        self.root.join("thewell.probe")
    }

    /// The content files' folder, `content/` (one folder per kind inside).
    pub fn content(&self) -> PathBuf {
        self.root.join(CONTENT)
    }

    /// The settings file, `site.json`.
    pub fn settings_file(&self) -> PathBuf {
        self.root.join(SETTINGS)
    }

    /// The settings file's name as volunteers see it in messages.
    pub fn settings_file_name(&self) -> &'static str {
        SETTINGS
    }

    /// The last `site.json` that was read whole and valid, to start from when a hand
    /// edit breaks the file.
    pub fn settings_last_good(&self) -> PathBuf {
        self.root.join(format!("{SETTINGS}.last-good"))
    }

    /// Where the last good copy is written before it is renamed into place.
    pub fn settings_last_good_temp(&self) -> PathBuf {
        self.root.join(format!("{SETTINGS}.last-good.tmp"))
    }

    /// Where `site.json` is written before it is renamed over the old one.
    pub fn settings_temp(&self) -> PathBuf {
        self.root.join(format!("{SETTINGS}.tmp"))
    }

    /// What the off-site copier knows, `offsite.json`.
    pub fn offsite_state(&self) -> PathBuf {
        self.root.join("offsite.json")
    }

    /// The off-site object being made before it is put in the bucket,
    /// `offsite-upload.tmp` (one at a time; made again after a stop).
    pub fn offsite_upload(&self) -> PathBuf {
        self.root.join("offsite-upload.tmp")
    }

    /// The photos folder, `photos/`.
    pub fn photos(&self) -> PathBuf {
        self.root.join(PHOTOS)
    }

    /// The photos' made variants, `photo-variants/`: one `<slot>.json` (what is ready)
    /// or `<slot>.refused` (why not) per slot.
    pub fn photo_variants(&self) -> PathBuf {
        self.root.join(PHOTO_VARIANTS)
    }

    /// The served files of the photos, `photo-variants/files/`.
    pub fn photo_files(&self) -> PathBuf {
        self.photo_variants().join("files")
    }

    /// The backups folder, `backups/`.
    pub fn backups(&self) -> PathBuf {
        self.root.join(BACKUPS)
    }

    /// The lock a running server holds, `serve.lock`.
    pub fn server_lock(&self) -> PathBuf {
        self.root.join(SERVER_LOCK)
    }

    /// The ACME folder, `acme/`: the account and the certificate of `serve --domain`.
    pub fn requests(&self) -> PathBuf {
        self.root.join(REQUESTS)
    }

    pub fn acme(&self) -> PathBuf {
        self.root.join(ACME)
    }

    /// The ACME account's key and address at the certificate authority.
    pub fn acme_account(&self) -> PathBuf {
        self.acme().join("account.json")
    }

    /// The certificate chain and its private key, in one file so that they change together.
    pub fn acme_certificate(&self) -> PathBuf {
        self.acme().join("certificate.pem")
    }

    /// Creates the ACME folder with mode 0700, and makes it 0700 if it was wider.
    pub fn create_acme(&self) -> io::Result<()> {
        create_private_dir(&self.acme())?;
        std::fs::set_permissions(self.acme(), std::fs::Permissions::from_mode(0o700))
    }

    /// One file in the photos folder.
    pub fn photo(&self, file: &str) -> PathBuf {
        self.photos().join(file)
    }

    /// Creates the directory itself with mode 0700 when missing.
    pub fn create(&self) -> io::Result<()> {
        create_private_dir(&self.root)
    }

    /// Creates the photos folder with mode 0700 when missing.
    pub fn create_photos(&self) -> io::Result<()> {
        create_private_dir(&self.photos())
    }

    /// The folders the server and the staff commands write into.
    pub fn folders(&self) -> [PathBuf; 7] {
        [
            self.content(),
            self.photos(),
            self.photo_variants(),
            self.photo_files(),
            self.backups(),
            self.acme(),
            self.requests(),
        ]
    }

    /// The first of `folders()` that exists but is not a real folder owned by this
    /// process's user (a symbolic link, a file, another user's folder), and why: the
    /// server must never write into what a link points at.
    pub fn foreign_folder(&self) -> io::Result<Option<(PathBuf, String)>> {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid has no preconditions and cannot fail.
        let me = unsafe { libc::geteuid() };
        for folder in self.folders() {
            let meta = match std::fs::symlink_metadata(&folder) {
                Ok(meta) => meta,
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => return Err(e),
            };
            let why = if meta.file_type().is_symlink() {
                let target = std::fs::read_link(&folder)
                    .map(|t| t.display().to_string())
                    .unwrap_or_else(|_| "somewhere".into());
                format!("it is a link to {target}")
            } else if !meta.is_dir() {
                "it is not a folder".into()
            } else if meta.uid() != me {
                format!(
                    "it belongs to user id {}, not to the user running this (id {me})",
                    meta.uid()
                )
            } else {
                continue;
            };
            return Ok(Some((folder, why)));
        }
        Ok(None)
    }

    /// Whether others may read the directory (its mode grants group or other bits).
    pub fn readable_by_others(&self) -> io::Result<Option<u32>> {
        let mode = std::fs::metadata(&self.root)?.permissions().mode();
        Ok((mode & 0o077 != 0).then_some(mode & 0o777))
    }
}

/// Creates a directory (and its parents) with mode 0700 when missing.
pub fn create_private_dir(path: &Path) -> io::Result<()> {
    if path.exists() {
        return Ok(());
    }
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(path)
}

/// Opens `options` at `path` without following a symbolic link (nor blocking on a
/// FIFO), and only if what is there is a regular file: nothing this binary writes
/// goes through a link someone planted, or into a device or a pipe.
fn open_regular(options: &mut std::fs::OpenOptions, path: &Path) -> io::Result<std::fs::File> {
    let file = options
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|error| match error.raw_os_error() {
            Some(libc::ELOOP) => io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{} is a symbolic link; nothing is written through one",
                    path.display()
                ),
            ),
            _ => error,
        })?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a regular file", path.display()),
        ));
    }
    Ok(file)
}

/// Creates `path` if missing and makes it mode 0600 (only the owner reads it).
pub fn ensure_private_file(path: &Path) -> io::Result<()> {
    let file = open_regular(
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .mode(0o600),
        path,
    )?;
    file.set_permissions(std::fs::Permissions::from_mode(0o600))
}

/// Creates (or empties) a file that only the owner reads: mode 0600, also when it
/// existed before with a wider mode.
pub fn create_private_file(path: &Path) -> io::Result<std::fs::File> {
    let file = open_regular(
        std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .mode(0o600),
        path,
    )?;
    file.set_len(0)?;
    file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    Ok(file)
}

/// Puts `bytes` at `path` whole (written to a file of its own beside `temp`'s name,
/// synced, renamed over `path`), mode 0600: a reader sees the old file or the new
/// one, never half of one. Each call writes its own temporary file, so two
/// processes replacing files at once never write into each other's; a link at
/// `path` is replaced, not followed.
pub fn replace_private_file(path: &Path, temp: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let mut name = temp.as_os_str().to_owned();
    name.push(format!(".{}", ulid::Ulid::generate()));
    let temp = PathBuf::from(name);
    let mut file = create_new_private_file(&temp)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&temp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// Creates a new file with mode 0600; fails if anything (a link included) is there.
pub fn create_new_private_file(path: &Path) -> io::Result<std::fs::File> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
}

/// Reads a secret (a password, a bucket's key) from a regular file only its owner
/// may read, following a link to it: the bytes, or `Err(mode)` when its mode lets
/// group or others read it. The mode checked is the opened file's own.
pub fn read_owner_only(path: &Path) -> io::Result<Result<Vec<u8>, u32>> {
    use std::io::Read;
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    let mode = meta.permissions().mode();
    if mode & 0o077 != 0 {
        return Ok(Err(mode & 0o777));
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(Ok(bytes))
}

/// Reads a file that must be a regular file, not through a link.
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let mut file = open_regular(std::fs::OpenOptions::new().read(true), path)?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_are_private_and_paths_stay_inside() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path().join("a/b"));
        dir.create().unwrap();
        let mode = std::fs::metadata(dir.root()).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700);
        assert_eq!(dir.readable_by_others().unwrap(), None);
        for path in [
            dir.database(),
            dir.settings_file(),
            dir.settings_last_good(),
            dir.photos(),
            dir.acme_account(),
            dir.acme_certificate(),
        ] {
            assert!(path.starts_with(dir.root()), "{}", path.display());
        }
        ensure_private_file(&dir.database()).unwrap();
        dir.create_photos().unwrap();
        std::fs::write(dir.settings_file(), "{}").unwrap();
        std::fs::set_permissions(dir.settings_file(), std::fs::Permissions::from_mode(0o644))
            .unwrap();
        create_private_file(&dir.settings_file()).unwrap();
        for (path, want) in [(dir.photos(), 0o700), (dir.settings_file(), 0o600)] {
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, want, "{}", path.display());
        }
        let mode = std::fs::metadata(dir.database())
            .unwrap()
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, 0o600);
    }
}
