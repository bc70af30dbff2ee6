//! The shape of src/ and frontend/src/, read from the source text so that a new
//! import that breaks a rule fails here:
//! - two faces over one core: the core (every module outside src/web/ and src/cli/)
//!   never reaches a face; the staff face (`cli`) never reaches the HTTP face (`web`);
//!   the HTTP face reaches `cli` only for the serve arguments;
//! - inside the core, the store never reaches the notifications (whoever starts the
//!   writer tells it who wants to hear of what), and the volunteer's settings never
//!   reach the content files (what reads both for a running server sits above both);
//! - no two files import each other, even through others: in Rust (src/, tests
//!   aside: a test may use what depends on the code it tests) and in TypeScript
//!   (frontend/src/);
//! - in frontend/src/, no file reaches a floor above its own (`TS_FLOORS`).
//!
//! An import is one file naming another's item through a path (`use` or inline). A
//! module's own file declaring its children (`mod x;`) and re-exporting their items
//! (`pub use x::Y`) is its table of contents, not an import: a path through such a
//! re-export is followed to the child that holds the item.
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------- Rust: tokens

/// The code of a Rust file as identifiers and punctuation, without comments,
/// string and character literals (so `"https://x"` or `// crate::web` name nothing).
fn tokens(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && at(i + 1) == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (at(i + 1) == '"' || (at(i + 1) == '#' && !at(i + 2).is_alphabetic()))
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while at(j) == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (1..=hashes).all(|k| at(j + k) == '#') {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{..}'), or a lifetime ('a).
            if at(i + 1) == '\\' {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                while at(i).is_alphanumeric() || at(i) == '_' {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == ':' && at(i + 1) == ':' {
            out.push("::".into());
            i += 2;
        } else if c.is_whitespace() {
            i += 1;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

/// A path as written: its segments, whether it stands in a `pub use` (a
/// re-export), the inline module it was written in (relative to the file), and
/// whether that is test code (`#[cfg(test)] mod tests { … }`).
#[derive(Debug, Clone)]
struct Written {
    segments: Vec<String>,
    reexport: bool,
    inline: Vec<String>,
    test: bool,
}

fn is_ident(token: &str) -> bool {
    token
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Reads a use tree from `tokens[*i]` on (after `prefix::`), adding every full path.
fn use_tree(tokens: &[String], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    if tokens.get(*i).map(String::as_str) == Some("{") {
        *i += 1;
        while *i < tokens.len() && tokens[*i] != "}" {
            if tokens[*i] == "," {
                *i += 1;
                continue;
            }
            use_tree(tokens, i, prefix.clone(), out);
        }
        *i += 1;
        return;
    }
    let mut path = prefix;
    while let Some(token) = tokens.get(*i) {
        if token == "self" && !path.is_empty() {
            *i += 1;
        } else if is_ident(token) || token == "*" {
            if token != "*" {
                path.push(token.clone());
            }
            *i += 1;
        } else {
            break;
        }
        if tokens.get(*i).map(String::as_str) == Some("::") {
            *i += 1;
            if tokens.get(*i).map(String::as_str) == Some("{") {
                use_tree(tokens, i, path, out);
                return;
            }
        } else {
            break;
        }
    }
    // `as name` renames the last segment; the path is what counts.
    if tokens.get(*i).map(String::as_str) == Some("as") {
        *i += 2;
    }
    out.push(path);
}

/// Every path of a file whose first segment is `crate`, `super`, `self` or a
/// module the file declares (`mod x;`), and the modules it declares.
fn paths(text: &str) -> (Vec<Written>, Vec<String>) {
    let tokens = tokens(text);
    let mut declared = Vec::new();
    for w in tokens.windows(3) {
        if w[0] == "mod" && is_ident(&w[1]) && w[2] == ";" {
            declared.push(w[1].clone());
        }
    }
    let starts =
        |t: &str| matches!(t, "crate" | "super" | "self") || declared.iter().any(|d| d == t);
    let mut found = Vec::new();
    // Inline modules (`mod tests { … }`) with the brace depth they close at, and
    // whether they are test code.
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i].as_str();
        match token {
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d, _)| *d == depth) {
                    inline.pop();
                }
            }
            "mod" if tokens.get(i + 2).map(String::as_str) == Some("{") => {
                let test = i >= 7 && tokens[i - 7..i].join("") == "#[cfg(test)]";
                inline.push((tokens[i + 1].clone(), depth, test));
                depth += 1;
                i += 3;
                continue;
            }
            "use" => {
                let reexport = i > 0 && (tokens[i - 1] == "pub" || tokens[i - 1] == ")");
                let mut j = i + 1;
                if tokens.get(j).map(String::as_str) == Some("::") {
                    j += 1;
                }
                let mut trees = Vec::new();
                use_tree(&tokens, &mut j, Vec::new(), &mut trees);
                for segments in trees {
                    if segments.first().is_some_and(|s| starts(s)) {
                        found.push(Written {
                            segments,
                            reexport,
                            inline: inline.iter().map(|(n, ..)| n.clone()).collect(),
                            test: inline.iter().any(|(.., t)| *t),
                        });
                    }
                }
                i = j;
                continue;
            }
            _ if starts(token)
                && tokens.get(i + 1).map(String::as_str) == Some("::")
                && (i == 0 || tokens[i - 1] != "::") =>
            {
                let mut j = i;
                let mut trees = Vec::new();
                use_tree(&tokens, &mut j, Vec::new(), &mut trees);
                for segments in trees {
                    found.push(Written {
                        segments,
                        reexport: false,
                        inline: inline.iter().map(|(n, ..)| n.clone()).collect(),
                        test: inline.iter().any(|(.., t)| *t),
                    });
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    (found, declared)
}

// ---------------------------------------------------------------- Rust: modules

/// One source file: its module path (`store/writer.rs` → ["store", "writer"]).
struct RustFile {
    relative: PathBuf,
    module: Vec<String>,
    written: Vec<Written>,
}

fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap_or_default();
    if last != "mod.rs" && last != "main.rs" && last != "lib.rs" {
        parts.push(last.trim_end_matches(".rs").to_string());
    }
    parts
}

fn rust_files(sources: &[(PathBuf, String)]) -> Vec<RustFile> {
    sources
        .iter()
        .map(|(relative, text)| RustFile {
            relative: relative.clone(),
            module: module_of(relative),
            written: paths(text).0,
        })
        .collect()
}

/// A written path as an absolute module path, from the module it was written in.
fn absolute(from: &[String], segments: &[String]) -> Vec<String> {
    let mut at: Vec<String> = from.to_vec();
    let mut rest = segments;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            at.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        _ => {}
    }
    while rest.first().map(String::as_str) == Some("super") {
        at.pop();
        rest = &rest[1..];
    }
    at.extend(rest.iter().cloned());
    at
}

struct Graph<'a> {
    files: &'a [RustFile],
    by_module: BTreeMap<Vec<String>, usize>,
}

impl<'a> Graph<'a> {
    fn new(files: &'a [RustFile]) -> Self {
        let by_module = files
            .iter()
            .enumerate()
            .map(|(i, f)| (f.module.clone(), i))
            .collect();
        Graph { files, by_module }
    }

    /// The file that holds what `path` names: the deepest module it passes through,
    /// then through that module's re-exports (`pub use child::Item`) to the child.
    fn resolve(&self, path: &[String], hops: usize) -> Option<usize> {
        let (index, used) = (0..=path.len())
            .rev()
            .find_map(|n| self.by_module.get(&path[..n]).map(|&i| (i, n)))?;
        let file = &self.files[index];
        if hops < 8
            && let Some(item) = path.get(used)
        {
            for written in file.written.iter().filter(|w| w.reexport) {
                if written.segments.last() == Some(item) {
                    let target = absolute(&file.module, &written.segments);
                    if let Some(child) = self.resolve(&target, hops + 1)
                        && child != index
                    {
                        return Some(child);
                    }
                }
            }
        }
        Some(index)
    }

    /// Every file a file's own code (its tests aside) imports (by index), with the
    /// absolute path that names it.
    fn imports(&self, index: usize) -> Vec<(usize, Vec<String>)> {
        let file = &self.files[index];
        let mut out = Vec::new();
        for written in file.written.iter().filter(|w| !w.test) {
            let mut from = file.module.clone();
            from.extend(written.inline.iter().cloned());
            let path = absolute(&from, &written.segments);
            // A module's file re-exporting its own descendants: its table of contents.
            if written.reexport && path.starts_with(&file.module) {
                continue;
            }
            if let Some(target) = self.resolve(&path, 0)
                && target != index
            {
                out.push((target, path));
            }
        }
        out
    }
}

// ---------------------------------------------------------------- Rust: rules

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Room {
    Core,
    Web,
    Cli,
    /// main.rs wires the two faces together.
    Main,
}

fn room_of(module: &[String]) -> Room {
    match module.first().map(String::as_str) {
        None => Room::Main,
        Some("web") => Room::Web,
        Some("cli") => Room::Cli,
        _ => Room::Core,
    }
}

/// The rule broken by a file in `from` naming the absolute `path`, if any.
fn violation(from: &[String], path: &[String]) -> Option<&'static str> {
    let top = |m: &[String]| m.first().cloned().unwrap_or_default();
    let (here, there) = (top(from), top(path));
    match (room_of(from), there.as_str()) {
        (Room::Core, "web" | "cli") => {
            return Some("the core must not reach a face (web or cli)");
        }
        (Room::Cli, "web") => {
            return Some("the staff face (cli) must not reach the HTTP face (web)");
        }
        (Room::Web, "cli") if path.get(1).map(String::as_str) != Some("ServeArgs") => {
            return Some("the HTTP face (web) may take only the serve arguments from cli");
        }
        _ => {}
    }
    match (here.as_str(), there.as_str()) {
        ("store", "notify") => Some(
            "the store must not reach notify: whoever starts the writer tells it who wants to hear",
        ),
        ("settings", "content") => {
            Some("the settings must not reach the content files: what reads both sits above both")
        }
        _ => None,
    }
}

fn check(sources: &[(PathBuf, String)]) -> Vec<String> {
    let mut problems = Vec::new();
    for file in rust_files(sources) {
        for written in &file.written {
            let mut from = file.module.clone();
            from.extend(written.inline.iter().cloned());
            let path = absolute(&from, &written.segments);
            if let Some(rule) = violation(&file.module, &path) {
                problems.push(format!(
                    "src/{} names crate::{}: {rule}",
                    file.relative.display(),
                    path.join("::")
                ));
            }
        }
    }
    problems
}

/// The groups of files that import each other (through any number of others),
/// by Tarjan's strongly connected components over `edges`.
fn cycles(count: usize, edges: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct State<'a> {
        edges: &'a [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        found: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in s.edges[v].iter() {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(i) if s.on_stack[w] => s.low[v] = s.low[v].min(i),
                _ => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut group = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                group.push(w);
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                s.found.push(group);
            }
        }
    }
    let mut state = State {
        edges,
        index: vec![None; count],
        low: vec![0; count],
        on_stack: vec![false; count],
        stack: Vec::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in 0..count {
        if state.index[v].is_none() {
            visit(&mut state, v);
        }
    }
    state.found
}

fn rust_cycles(sources: &[(PathBuf, String)]) -> Vec<String> {
    let files = rust_files(sources);
    let graph = Graph::new(&files);
    let edges: Vec<BTreeSet<usize>> = (0..files.len())
        .map(|i| graph.imports(i).into_iter().map(|(t, _)| t).collect())
        .collect();
    cycles(files.len(), &edges)
        .into_iter()
        .map(|group| {
            let names: Vec<String> = group
                .iter()
                .map(|&i| format!("src/{}", files[i].relative.display()))
                .collect();
            format!("these files import each other: {}", names.join(", "))
        })
        .collect()
}

// ---------------------------------------------------------------- TypeScript

/// The relative modules a TypeScript file imports: `import … from './x'`,
/// `export … from '../y'`, `import('./z')`, `import './w.css'` aside.
fn ts_imports(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices(['\'', '"']) {
        let before = text[..at].trim_end();
        let is_import =
            before.ends_with("from") || before.ends_with("import(") || before.ends_with("import");
        if !is_import {
            continue;
        }
        let quote = &text[at..at + 1];
        let rest = &text[at + 1..];
        if let Some(end) = rest.find(quote) {
            let spec = &rest[..end];
            if spec.starts_with("./") || spec.starts_with("../") {
                out.push(spec.to_string());
            }
        }
    }
    out
}

fn ts_resolve(from: &Path, spec: &str, known: &BTreeMap<PathBuf, usize>) -> Option<usize> {
    let base = from.parent()?.join(spec);
    let mut normal = PathBuf::new();
    for part in base.components() {
        match part {
            std::path::Component::ParentDir => {
                normal.pop();
            }
            std::path::Component::CurDir => {}
            other => normal.push(other),
        }
    }
    let candidates = [
        normal.clone(),
        normal.with_extension("ts"),
        normal.with_extension("tsx"),
        normal.join("index.ts"),
        normal.join("index.tsx"),
    ];
    candidates.iter().find_map(|c| known.get(c).copied())
}

/// Each file's imports of the others, as (the spec written, the file it names).
fn ts_edges(sources: &[(PathBuf, String)]) -> Vec<Vec<(String, usize)>> {
    let known: BTreeMap<PathBuf, usize> = sources
        .iter()
        .enumerate()
        .map(|(i, (p, _))| (p.clone(), i))
        .collect();
    sources
        .iter()
        .map(|(path, text)| {
            ts_imports(text)
                .into_iter()
                .filter_map(|spec| ts_resolve(path, &spec, &known).map(|to| (spec, to)))
                .collect()
        })
        .collect()
}

fn ts_cycles(sources: &[(PathBuf, String)]) -> Vec<String> {
    let edges: Vec<BTreeSet<usize>> = ts_edges(sources)
        .into_iter()
        .map(|imports| imports.into_iter().map(|(_, to)| to).collect())
        .collect();
    cycles(sources.len(), &edges)
        .into_iter()
        .map(|group| {
            let names: Vec<String> = group
                .iter()
                .map(|&i| format!("frontend/src/{}", sources[i].0.display()))
                .collect();
            format!("these files import each other: {}", names.join(", "))
        })
        .collect()
}

/// The floors of frontend/src/, lowest first: the site's words and data (`content`),
/// what any part of the page uses (`lib`), what works with and without a signal
/// (`offline`), the parts of pages (`components`), the pages (`pages`), and the files
/// at the top (App, the entries). A generated file (`*.generated.ts`, emitted from
/// Rust) is the ground under all of them.
const TS_FLOORS: [&str; 5] = ["content", "lib", "offline", "components", "pages"];

fn ts_floor(path: &Path) -> usize {
    if path.to_string_lossy().contains(".generated.") {
        return 0;
    }
    let first = path
        .components()
        .next()
        .map(|c| c.as_os_str().to_string_lossy().into_owned());
    match TS_FLOORS.iter().position(|f| Some(*f) == first.as_deref()) {
        Some(i) => i + 1,
        // App.tsx, main.tsx, entry-server.tsx
        None => TS_FLOORS.len() + 1,
    }
}

/// Each import of a TypeScript file that reaches a floor above its own.
fn ts_upward(sources: &[(PathBuf, String)]) -> Vec<String> {
    let mut out = Vec::new();
    for ((path, _), imports) in sources.iter().zip(ts_edges(sources)) {
        for (spec, to) in imports {
            let target = &sources[to].0;
            if ts_floor(target) > ts_floor(path) {
                out.push(format!(
                    "frontend/src/{} reaches up to frontend/src/{} ({spec}): move what both need down, or the importer up",
                    path.display(),
                    target.display()
                ));
            }
        }
    }
    out
}

// ---------------------------------------------------------------- reading the trees

fn sources(dir: &Path, root: &Path, ends: &[&str], out: &mut Vec<(PathBuf, String)>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read a source folder")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, root, ends, out);
        } else if ends.iter().any(|end| path.to_string_lossy().ends_with(end)) {
            let text = std::fs::read_to_string(&path).expect("read a source file");
            out.push((path.strip_prefix(root).unwrap().to_path_buf(), text));
        }
    }
}

fn rust_sources() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &[".rs"], &mut files);
    assert!(
        files.len() > 20 && files.iter().any(|(p, _)| p.starts_with("web")),
        "src/ was not read: {} files",
        files.len()
    );
    files
}

#[test]
fn the_core_and_the_two_faces_import_in_one_direction() {
    let problems = check(&rust_sources());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_two_rust_files_import_each_other() {
    let problems = rust_cycles(&rust_sources());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_two_typescript_files_import_each_other() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("frontend/src");
    let mut files = Vec::new();
    sources(&root, &root, &[".ts", ".tsx"], &mut files);
    assert!(
        files.len() > 40,
        "frontend/src/ was not read: {} files",
        files.len()
    );
    let problems = ts_cycles(&files);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_typescript_file_reaches_a_floor_above_its_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("frontend/src");
    let mut files = Vec::new();
    sources(&root, &root, &[".ts", ".tsx"], &mut files);
    assert!(files.len() > 40);
    let problems = ts_upward(&files);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The rule itself: a word module reaching a component, a helper reaching the
    // offline code, and a page reaching down are told apart.
    let sample = [
        file(
            "content/routes.ts",
            "import type { M } from '../components/modals/context';",
        ),
        file("components/modals/context.ts", "export type M = 1;"),
        file(
            "lib/useForm.ts",
            "import { keep } from '../offline/phoneStore';",
        ),
        file(
            "offline/phoneStore.ts",
            "import { FORMS } from '../content/forms.generated';",
        ),
        file("content/forms.generated.ts", "export const FORMS = 1;"),
        file(
            "pages/Home.tsx",
            "import { keep } from '../offline/phoneStore';",
        ),
    ];
    let found = ts_upward(&sample);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].contains("content/routes.ts") && found[1].contains("lib/useForm.ts"));
}

fn file(path: &str, text: &str) -> (PathBuf, String) {
    (PathBuf::from(path), text.to_string())
}

#[test]
fn the_rules_fail_when_a_module_reaches_the_wrong_way() {
    let bad = [
        file("store/mod.rs", "use crate::web::forms::Api;"),
        file("settings/live.rs", "use crate::{forms, web};"),
        file("forms.rs", "    let x = crate::cli::args::Cli::parse();"),
        file("cli/export.rs", "use crate::web::error::WebError;"),
        file("web/server.rs", "use crate::cli::export;"),
        file("store/writer.rs", "use crate::notify;"),
        file(
            "store/reader.rs",
            "fn f() { crate::notify::targets::Registry::open(d); }",
        ),
        file("settings/mod.rs", "use crate::{text, content::Content};"),
        file(
            "settings/validate.rs",
            "use super::super::content::LAUNCH_FILE;",
        ),
    ];
    for case in &bad {
        assert_eq!(check(std::slice::from_ref(case)).len(), 1, "{case:?}");
    }
    let good = [
        file("web/server.rs", "use crate::cli::ServeArgs;"),
        file("cli/export.rs", "use crate::{forms, store::Reader};"),
        file("main.rs", "use crate::web; use crate::cli;"),
        file(
            "store/mod.rs",
            "// crate::web is mentioned in a comment only",
        ),
        file("store/mod.rs", r#"const A: &str = "crate::notify::x";"#),
        file("notify/sender.rs", "use crate::store::Writer;"),
        file(
            "published.rs",
            "use crate::{content::Content, settings::Snapshot};",
        ),
    ];
    for case in &good {
        assert!(check(std::slice::from_ref(case)).is_empty(), "{case:?}");
    }
}

#[test]
fn a_cycle_is_found_through_any_number_of_files_and_a_table_of_contents_is_not_one() {
    let cyclic = [
        file("main.rs", "mod a; mod b; mod c;"),
        file("a.rs", "use crate::b::B;"),
        file("b.rs", "fn f() { crate::c::g(); }"),
        file("c.rs", "use super::a::{self, A};"),
    ];
    let found = rust_cycles(&cyclic);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("src/a.rs") && found[0].contains("src/c.rs"),
        "{found:?}"
    );

    // A parent re-exporting its children, the children using the parent's items: no cycle.
    let facade = [
        file(
            "main.rs",
            "mod store; fn main() { store::Writer::start(); }",
        ),
        file(
            "store/mod.rs",
            "mod reader; mod writer;\npub use writer::Writer;\npub use reader::{Reader, scan};\npub enum StoreError {}",
        ),
        file(
            "store/writer.rs",
            "use super::{StoreError, reader::Reader};",
        ),
        file(
            "store/reader.rs",
            "use super::StoreError;\n#[cfg(test)]\nmod tests { use super::*; use crate::store::Writer; }",
        ),
    ];
    assert_eq!(rust_cycles(&facade), Vec::<String>::new());
    // …but a child reaching a sibling through the parent's re-export is followed.
    let through = [
        file("main.rs", "mod store;"),
        file(
            "store/mod.rs",
            "mod reader; mod writer;\npub use writer::Writer;\npub use reader::Reader;",
        ),
        file("store/writer.rs", "use super::Reader;"),
        file("store/reader.rs", "use crate::store::Writer;"),
    ];
    assert_eq!(rust_cycles(&through).len(), 1);

    let ts = [
        file(
            "components/ModalHost.tsx",
            "import { ModalContext } from './modals/context';\nconst l = () => import('./modals/A');",
        ),
        file(
            "components/modals/context.ts",
            "import type { ModalName } from '../ModalHost';",
        ),
        file(
            "components/modals/A.tsx",
            "import { useModals } from \"./context\";",
        ),
    ];
    assert_eq!(ts_cycles(&ts).len(), 1);
    assert!(ts_cycles(&ts[1..]).is_empty());
}
