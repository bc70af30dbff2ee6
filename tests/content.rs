//! `thewell content` against a running server: a new sermon file is served in every
//! page's content block within a second or two, a broken edit keeps the last good
//! version and is logged once, and `content check` exits 1 naming file:line.
mod common;

use std::time::{Duration, Instant};

use common::{Server, client, thewell};

async fn get(server: &Server, path: &str) -> String {
    client()
        .get(server.url(path))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// Polls the home page until its HTML holds `needle`; how long that took.
async fn served_within(server: &Server, needle: &str) -> Duration {
    let started = Instant::now();
    loop {
        let html = get(server, "/").await;
        if html.contains(needle) {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the page never carried {needle}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_sermon_file_is_served_within_seconds_and_a_broken_edit_keeps_the_last_good_one() {
    let server = Server::start();
    let dir = server.data_dir();
    let (ok, out, err) = thewell(
        &dir,
        &[
            "content",
            "new",
            "sermon",
            "--title",
            "Living Water",
            "--date",
            "2026-01-04",
        ],
    );
    assert!(ok, "{err}");
    let path = std::path::PathBuf::from(out.trim());
    assert!(
        path.ends_with("content/sermons/2026-01-04-living-water.md"),
        "{out}"
    );
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("Book 1:1-10", "John 4:1-26");
    std::fs::write(&path, &text).unwrap();
    assert!(served_within(&server, "John 4:1-26").await < Duration::from_secs(2));

    // The title's quote left open on line 4 (written whole, as an editor's rename does:
    // a read between truncating and writing would see an empty file).
    let temp = path.with_extension("tmp");
    std::fs::write(&temp, text.replace("\"Living Water\"", "\"Living Water")).unwrap();
    std::fs::rename(&temp, &path).unwrap();
    // A server looks at the files when a visitor comes, at most once a second.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    get(&server, "/").await;
    let log = server.log_with("content file problem");
    assert!(
        log.contains("content/sermons/2026-01-04-living-water.md:4:"),
        "{log}"
    );
    let html = get(&server, "/").await;
    assert!(html.contains("John 4:1-26"), "the last good version stays");

    let (ok, out, _) = thewell(&dir, &["content", "check"]);
    assert!(!ok);
    assert!(
        out.contains("content/sermons/2026-01-04-living-water.md:4: "),
        "{out}"
    );
    let (_, list, _) = thewell(&dir, &["content", "list"]);
    assert!(list.contains("Invalid (1)"), "{list}");
}

#[test]
fn content_new_refuses_to_overwrite_and_check_passes_on_its_files() {
    let temp = tempfile::tempdir().unwrap();
    let args = [
        "content",
        "new",
        "event",
        "--title",
        "Carols",
        "--date",
        "2030-12-20",
    ];
    assert!(thewell(temp.path(), &args).0);
    let (ok, _, err) = thewell(temp.path(), &args);
    assert!(!ok && err.contains("2030-12-20-carols.md"), "{err}");
    let (ok, out, _) = thewell(temp.path(), &["content", "check"]);
    assert!(ok, "{out}");
    assert!(out.contains("1 content files, all good."), "{out}");
}
