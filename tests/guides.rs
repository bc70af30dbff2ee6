//! The guides as their readers run them: every ```sh block of docs/volunteer.md and
//! docs/staff.md run in bash, in order, against a running server (the `thewell` of
//! the README's set-up, its paths moved into a temporary folder), on the
//! clock the guides' dates are written for; each file a guide shows written out is
//! written where it says. Then what the guide promised is on the site. And the
//! developers' guide's map of the source names every file there is.
use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::Server;
use common::https::free_port;
use common::photos::{save_jpeg, scene};
use common::smtp::Smtpd;

/// The clock the guides' dates are written for: Monday 2026-11-30, 09:00 in New
/// York (libfaketime's "start here and run").
const GUIDES_CLOCK: &str = "@2026-11-30 14:00:00";

fn doc(name: &str) -> String {
    std::fs::read_to_string(common::manifest_dir().join("docs").join(name)).unwrap()
}

/// A fenced block of a guide: its info string, its text and the line it opens on.
struct Block {
    info: String,
    text: String,
    line: usize,
}

fn blocks(markdown: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in markdown.lines().enumerate() {
        match open.as_mut() {
            None => {
                if let Some(info) = line.strip_prefix("```") {
                    open = Some(Block {
                        info: info.trim().to_string(),
                        text: String::new(),
                        line: i + 1,
                    });
                }
            }
            Some(_) if line.starts_with("```") => found.push(open.take().unwrap()),
            Some(block) => {
                block.text.push_str(line);
                block.text.push('\n');
            }
        }
    }
    assert!(open.is_none(), "a block is not closed");
    found
}

/// The server's machine in a temporary folder: its /etc, its /tmp, the site's
/// data directory, and the mail server its notifications go through.
struct Machine {
    root: tempfile::TempDir,
    server: Server,
    smtpd: Smtpd,
    /// Every workbook a guide's command wrote into /tmp, as it was.
    workbooks: BTreeSet<String>,
}

impl Machine {
    fn start() -> Machine {
        let root = tempfile::tempdir().unwrap();
        for dir in ["etc/profile.d", "tmp"] {
            std::fs::create_dir_all(root.path().join(dir)).unwrap();
        }
        let smtpd = Smtpd::start(&root.path().join("maildir"), free_port());
        let server = Server::spawn(
            tempfile::tempdir().unwrap(),
            &[
                "--rate-burst",
                "1000",
                "--smtp-url",
                &smtpd.url(),
                "--mail-from",
                "The Well website <web@thewell.church>",
            ],
            Some(&format!(
                "export LD_PRELOAD={} FAKETIME='{GUIDES_CLOCK}' FAKETIME_DONT_FAKE_MONOTONIC=1 NO_FAKE_STAT=1",
                common::faketime_library()
            )),
        );
        // /etc/thewell.env with the mail account, as the operations guide says to
        // write it (the sender quoted).
        std::fs::write(
            root.path().join("etc/thewell.env"),
            format!(
                "THEWELL_SMTP_URL={}\nTHEWELL_MAIL_FROM=\"The Well website <web@thewell.church>\"\n",
                smtpd.url()
            ),
        )
        .unwrap();
        let machine = Machine {
            root,
            server,
            smtpd,
            workbooks: BTreeSet::new(),
        };
        // `thewell` for everyone who logs in: the README's own line.
        let readme = std::fs::read_to_string(common::manifest_dir().join("README.md")).unwrap();
        let line = readme
            .lines()
            .find(|l| l.starts_with("printf 'thewell() {"))
            .expect("the README's line that defines `thewell`");
        let line = machine.on_this_machine(line).replace(
            "runuser -u thewell -- /usr/local/bin/thewell",
            common::binary(),
        );
        machine.bash(&line).unwrap();
        machine
    }

    fn data(&self) -> PathBuf {
        self.server.data_dir()
    }

    /// A line as written for the VPS, its paths moved into this machine's folder.
    fn on_this_machine(&self, text: &str) -> String {
        // Through marks, so that no path put in is itself moved (the temporary
        // folders are under /tmp).
        let root = self.root.path().display().to_string();
        let data = self.data().display().to_string();
        text.replace("/var/lib/thewell", "\u{1}data\u{1}")
            .replace("/etc/", "\u{1}etc\u{1}")
            .replace("/tmp/", "\u{1}tmp\u{1}")
            .replace("\u{1}data\u{1}", &data)
            .replace("\u{1}etc\u{1}", &format!("{root}/etc/"))
            .replace("\u{1}tmp\u{1}", &format!("{root}/tmp/"))
    }

    /// Runs `script` in a login shell of this machine (its `thewell` defined, on the
    /// guides' clock), stopping at the first command that fails: Ok(output) or
    /// Err(output).
    fn bash(&self, script: &str) -> Result<String, String> {
        let profile = self.root.path().join("etc/profile.d/thewell.sh");
        let prelude = if profile.exists() {
            format!(". {}\n", profile.display())
        } else {
            String::new()
        };
        let output = Command::new("bash")
            .arg("-c")
            .arg(format!("set -euo pipefail\n{prelude}{script}"))
            .current_dir(self.root.path().join("tmp"))
            .env("LD_PRELOAD", common::faketime_library())
            .env("FAKETIME", GUIDES_CLOCK)
            .env("FAKETIME_DONT_FAKE_MONOTONIC", "1")
            .env("NO_FAKE_STAT", "1")
            .output()
            .unwrap();
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        if output.status.success() {
            Ok(said)
        } else {
            Err(said)
        }
    }

    /// Runs `guide` as its reader would: each ```sh block in bash, each file block
    /// written where its `file=` says. Any other block fails the test: a guide has no
    /// command this test does not run.
    fn run(&mut self, guide: &str) -> String {
        let mut said = String::new();
        for block in blocks(&doc(guide)) {
            let at = format!("docs/{guide}:{}", block.line);
            if block.info == "sh" {
                let script = self.on_this_machine(&block.text);
                match self.bash(&script) {
                    Ok(out) => said += &out,
                    Err(out) => panic!("{at}: a command failed\n{}\n{out}", block.text),
                }
                self.note_workbooks();
            } else if let Some(path) = block
                .info
                .split_whitespace()
                .find_map(|w| w.strip_prefix("file="))
            {
                let path = PathBuf::from(self.on_this_machine(path));
                assert!(
                    path.starts_with(self.data()),
                    "{at}: {} is not in the data directory",
                    path.display()
                );
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &block.text).unwrap();
            } else {
                panic!(
                    "{at}: a ```{} block, which this test does not run: a command of the guide goes in a ```sh block, a file it writes in a ```<kind> file=<path> one",
                    block.info
                );
            }
        }
        said
    }

    /// The workbooks in /tmp now, each checked to be one (a zip of the Office Open
    /// XML parts, as Excel and LibreOffice read it).
    fn note_workbooks(&mut self) {
        for entry in std::fs::read_dir(self.root.path().join("tmp")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "xlsx") {
                let bytes = std::fs::read(&path).unwrap();
                assert!(
                    bytes.starts_with(b"PK\x03\x04")
                        && String::from_utf8_lossy(&bytes).contains("xl/workbook.xml"),
                    "{} is not a workbook",
                    path.display()
                );
                self.workbooks
                    .insert(path.file_name().unwrap().to_string_lossy().into_owned());
            }
        }
    }

    /// The page at `path` once it holds `needle` (a running server follows a change
    /// within a second), or as it is after ten seconds.
    async fn page_with(&self, path: &str, needle: &str) -> String {
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            let page = self.server.get_text(path).await;
            if page.contains(needle) || Instant::now() >= until {
                return page;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_volunteers_guide_runs_as_written_and_does_what_it_says() {
    let mut machine = Machine::start();
    // What the volunteer copied from the phone into the server's /tmp.
    for (name, seed) in [("IMG_4032.JPG", 1), ("IMG_4033.JPG", 2), ("maria.jpg", 3)] {
        save_jpeg(
            &scene(1600, 1200, seed),
            &machine.root.path().join("tmp").join(name),
        );
    }
    let said = machine.run("volunteer.md");
    assert!(
        said.contains("all good"),
        "content check said nothing good: {said}"
    );

    // The sermon, in English and in Urdu, on /media.
    let media = machine.page_with("/media", "Living Water").await;
    assert!(media.contains("Living Water") && media.contains("John 4:1-14"));
    let media_ur = machine.page_with("/ur/media", "زندہ پانی").await;
    assert!(media_ur.contains("زندہ پانی"), "the sermon's Urdu title");
    // The event in the events' calendar, the person on /leadership.
    let events = machine
        .page_with("/calendar/events.ics", "Christmas carols")
        .await;
    assert!(events.contains("SUMMARY:Christmas carols"), "{events}");
    let leadership = machine.page_with("/leadership", "Maria Lopez").await;
    assert!(leadership.contains("Maria Lopez") && leadership.contains("Campus Pastor"));
    // The schedule: the skipped week and the moved one in the study's calendar,
    // the North campus's monthly gathering with its date and place, the new one.
    let study = machine.server.get_text("/calendar/bible-study.ics").await;
    assert!(
        study
            .lines()
            .any(|l| l.starts_with("EXDATE") && l.contains("20261223")),
        "{study}"
    );
    assert!(
        study
            .lines()
            .any(|l| l.starts_with("RECURRENCE-ID") && l.contains("20261209")),
        "{study}"
    );
    assert!(
        !study
            .lines()
            .any(|l| l.starts_with("EXDATE") && l.contains("20261230")),
        "the skip taken back: {study}"
    );
    let monthly = machine.server.get_text("/calendar/north-monthly.ics").await;
    assert!(
        monthly.contains("FREQ=MONTHLY") && monthly.contains("Grace Hall"),
        "{monthly}"
    );
    let us = machine
        .page_with("/united-states", "North Prayer Night")
        .await;
    assert!(us.contains("North Prayer Night") && us.contains("Grace Hall, 12 Main St"));
    // The notices: the one taken down is gone, the Pakistan one in both languages.
    let pakistan = machine
        .page_with("/pakistan", "the study meets at the school")
        .await;
    assert!(pakistan.contains("Pakistan: the study meets at the school this week"));
    assert!(
        machine
            .server
            .get_text("/ur/pakistan")
            .await
            .contains("اس ہفتے بائبل اسٹڈی اسکول میں")
    );
    assert!(
        !machine
            .server
            .get_text("/")
            .await
            .contains("building has no power")
    );
    // The settings and the photos.
    let (ok, site, err) = common::thewell(&machine.data(), &["site", "show"]);
    assert!(ok && site.contains("https://thewell.church"), "{site}{err}");
    let (ok, photos, err) = common::thewell(&machine.data(), &["site", "photos"]);
    assert!(ok, "{err}");
    for slot in [
        "sunday-worship-in-plantation",
        "worship-on-a-sunday-in-plantation",
        "person-maria-lopez",
    ] {
        let line = photos
            .lines()
            .find(|l| l.starts_with(&format!("{slot} ")))
            .unwrap_or_else(|| panic!("no slot {slot} in {photos}"));
        assert!(!line.contains("(drawing)"), "{line}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_staffs_guide_runs_as_written_and_does_what_it_says() {
    let mut machine = Machine::start();
    // What visitors sent before the staff member logged in.
    let mut card = common::valid("connect-card");
    card["email"] = "someone@example.com".into();
    for (form, body) in [
        ("connect-card", card),
        ("connect-card", common::valid("connect-card")),
        ("prayer-request", common::valid("prayer-request")),
        ("contact", common::valid("contact")),
        ("subscription", common::valid("subscription")),
    ] {
        assert_eq!(machine.server.post(form, &body).await.status(), 201);
    }
    let said = machine.run("staff.md");

    assert!(
        machine.workbooks.contains("cards.xlsx") && machine.workbooks.contains("prayers.xlsx"),
        "{:?}",
        machine.workbooks
    );
    // The test message reached the mail server, marked as a test.
    let messages = machine.smtpd.wait_for(1).await;
    assert!(
        messages
            .iter()
            .any(|m| m.contains("Subject: Test:") && m.contains("office@thewell.church")),
        "{messages:?}"
    );
    // Erased: someone@example.com's card, and nothing else.
    let cards = common::exported(&machine.data(), "connect-card");
    assert!(!cards.contains("someone@example.com"), "{cards}");
    assert_eq!(cards.lines().count(), 1, "{said}");
    assert_eq!(
        common::exported(&machine.data(), "contact").lines().count(),
        1
    );
    // The targets as the guide left them: the webhook taken off.
    let (ok, targets, err) = common::thewell(&machine.data(), &["notify", "list"]);
    assert!(ok, "{err}");
    assert!(
        targets.contains("prayer-team@thewell.church") && !targets.contains("hooks.example.org"),
        "{targets}"
    );
}

/// The developers' guide's map of the source (its "Layout" block) names every file
/// of src/: by its path, or by its name in its folder's entry; and every path it names
/// is there.
#[test]
fn the_developers_map_names_every_source_file() {
    let guide = doc("developers.md");
    let layout = &guide[guide.find("## Layout").expect("a Layout section")..];
    let map = &blocks(layout)[0].text;
    // Entries: a path at the start of a line, its description on the lines below.
    let mut entries: Vec<(String, String)> = Vec::new();
    for line in map.lines() {
        if line.starts_with(' ') {
            if let Some(last) = entries.last_mut() {
                last.1 += line;
            }
        } else if let Some(path) = line.split_whitespace().next() {
            entries.push((path.to_string(), line.to_string()));
        }
    }
    let root = common::manifest_dir();
    for (path, _) in &entries {
        assert!(
            root.join(path).exists(),
            "the map names {path}, which is not there"
        );
    }
    let mut files = Vec::new();
    collect_rust_files(&root.join("src"), &mut files);
    let mut missing = Vec::new();
    for file in files {
        let relative = file.strip_prefix(root).unwrap().display().to_string();
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let named = entries.iter().any(|(path, text)| {
            path == &relative
                || (path.ends_with('/')
                    && relative.starts_with(path.as_str())
                    && (stem == "mod"
                        || text
                            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                            .any(|word| word == stem)))
        });
        if !named {
            missing.push(relative);
        }
    }
    assert!(
        missing.is_empty(),
        "docs/developers.md's Layout does not name: {missing:?}"
    );
}

fn collect_rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// README.md stays short: what the site is, the two set-up commands, a fresh VPS to
/// HTTPS, and where each guide is (each of them there).
#[test]
fn the_readme_is_short_and_names_each_guide() {
    let readme = std::fs::read_to_string(common::manifest_dir().join("README.md")).unwrap();
    assert!(
        readme.lines().count() < 200,
        "README.md has {} lines",
        readme.lines().count()
    );
    for command in [
        "cargo run --release -- serve",
        "cargo test --release && npm --prefix frontend run e2e",
        "systemctl enable --now thewell",
    ] {
        assert!(readme.contains(command), "README.md lacks {command}");
    }
    for guide in ["volunteer", "staff", "operations", "developers"] {
        let path = format!("docs/{guide}.md");
        assert!(
            readme.contains(&format!("]({path})")),
            "README.md does not link {path}"
        );
        assert!(
            common::manifest_dir().join(&path).exists(),
            "{path} is missing"
        );
    }
}
