//! The shape of src/: two faces over one core. The core (every module outside
//! src/web/ and src/cli/) never reaches a face; the staff face (`cli`) never
//! reaches the HTTP face (`web`); the HTTP face reaches `cli` only for the serve
//! arguments. Read from the `crate::` paths of every source file, so a new import
//! that breaks the rule fails here.
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Room {
    Core,
    Web,
    Cli,
    /// main.rs wires the two faces together.
    Main,
}

fn room_of(relative: &Path) -> Room {
    let mut parts = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy());
    match parts.next().as_deref() {
        Some("web") => Room::Web,
        Some("cli") => Room::Cli,
        Some("main.rs") => Room::Main,
        _ => Room::Core,
    }
}

/// Every `crate::` path in the text, as the module it names and the item after it
/// (`crate::cli::ServeArgs` → ("cli", "ServeArgs")); `use crate::{a, b::c}` gives both.
fn crate_paths(text: &str) -> BTreeSet<(String, String)> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                group[..end].split(',').collect()
            } else {
                vec![rest]
            };
            for name in names {
                let name = name.trim();
                let module = ident(name);
                let item = name
                    .strip_prefix(&module)
                    .and_then(|r| r.strip_prefix("::"))
                    .map(|r| ident(r.trim_start_matches('{')))
                    .unwrap_or_default();
                if !module.is_empty() {
                    found.insert((module, item));
                }
            }
        }
    }
    found
}

/// The rule broken by `file` (in `room`) naming `module`/`item`, if any.
fn violation(room: Room, module: &str, item: &str) -> Option<&'static str> {
    match (room, module) {
        (Room::Core, "web" | "cli") => Some("the core must not reach a face (web or cli)"),
        (Room::Cli, "web") => Some("the staff face (cli) must not reach the HTTP face (web)"),
        (Room::Web, "cli") if item != "ServeArgs" => {
            Some("the HTTP face (web) may take only the serve arguments from cli")
        }
        _ => None,
    }
}

fn check(files: &[(PathBuf, String)]) -> Vec<String> {
    let mut problems = Vec::new();
    for (relative, text) in files {
        let room = room_of(relative);
        for (module, item) in crate_paths(text) {
            if let Some(rule) = violation(room, &module, &item) {
                problems.push(format!(
                    "src/{} names crate::{module}::{item}: {rule}",
                    relative.display()
                ));
            }
        }
    }
    problems
}

fn sources(dir: &Path, root: &Path, out: &mut Vec<(PathBuf, String)>) {
    for entry in std::fs::read_dir(dir).expect("read src/") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("read a source file");
            out.push((path.strip_prefix(root).unwrap().to_path_buf(), text));
        }
    }
}

#[test]
fn the_core_and_the_two_faces_import_in_one_direction() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    assert!(
        files.len() > 20 && files.iter().any(|(p, _)| room_of(p) == Room::Web),
        "src/ was not read: {} files",
        files.len()
    );
    let problems = check(&files);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_rule_fails_when_a_module_reaches_the_wrong_way() {
    let file = |path: &str, text: &str| (PathBuf::from(path), text.to_string());
    let bad = [
        file("store.rs", "use crate::web::forms::Api;"),
        file("settings/live.rs", "use crate::{forms, web};"),
        file("forms.rs", "    let x = crate::cli::args::Cli::parse();"),
        file("cli/export.rs", "use crate::web::error::WebError;"),
        file("web/server.rs", "use crate::cli::export;"),
    ];
    for case in &bad {
        assert_eq!(check(std::slice::from_ref(case)).len(), 1, "{case:?}");
    }
    let good = [
        file("web/server.rs", "use crate::cli::ServeArgs;"),
        file("cli/export.rs", "use crate::{forms, store::Reader};"),
        file("main.rs", "use crate::web; use crate::cli;"),
        file("store.rs", "// crate::web is mentioned in a comment only"),
    ];
    for case in &good {
        assert!(check(std::slice::from_ref(case)).is_empty(), "{case:?}");
    }
}
