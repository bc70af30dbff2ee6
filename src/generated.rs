//! Tests' check that a file generated from Rust declarations for the frontend
//! (form rules, settings) is current: `<VAR>=1 cargo test` rewrites it.
use std::path::Path;

/// Fails when `relative` (from the crate root) differs from `expected`; writes it first
/// when the environment variable `update_var` is 1.
pub fn check(relative: &str, expected: &str, update_var: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    if std::env::var(update_var).is_ok_and(|v| v == "1") {
        std::fs::write(&path, expected).unwrap();
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    let module = Path::new(relative)
        .file_stem()
        .and_then(|s| s.to_str())
        .and_then(|s| s.split('.').next())
        .unwrap_or("");
    assert!(
        actual == expected,
        "{} drifted from its Rust declarations: run `{update_var}=1 cargo test {module}::`",
        path.display()
    );
}
