//! The frontend's copies of Rust declarations (form rules, settings): the names
//! they use in TypeScript, and the tests' check that a generated file is current
//! (`<VAR>=1 cargo test` rewrites it).

/// "north-campus-interest" → "NorthCampusInterest": a TypeScript type name.
pub fn pascal_case(name: &str) -> String {
    name.split('-')
        .map(|w| w[..1].to_uppercase() + &w[1..])
        .collect()
}

/// "one-time-gift" → "oneTimeGift": a TypeScript property name.
pub fn camel_case(name: &str) -> String {
    let pascal = pascal_case(name);
    pascal[..1].to_lowercase() + &pascal[1..]
}

/// Fails when `relative` (from the crate root) differs from `expected`; writes it first
/// when the environment variable `update_var` is 1.
#[cfg(test)]
pub fn check(relative: &str, expected: &str, update_var: &str) {
    use std::path::Path;
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
