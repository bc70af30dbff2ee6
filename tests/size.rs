//! The executable's size budget, stated here and nowhere else: what a volunteer
//! downloads and copies to a small server, everything included (the site in every
//! language, image processing, TLS, the off-site copier). Decided in DECISIONS.md:
//! grown from 14 MB for image processing; a new language or feature makes room inside
//! it (a page's gzip copy is made when first asked for, not embedded) rather than
//! raise it.
use crate::common::binary;

/// 16.5 MB, counted as this project counts megabytes everywhere (tests/bench/compare.sh
/// and the README's figures): 2^20 bytes each, 17,301,504 bytes.
pub const BUDGET_BYTES: u64 = 33 << 19;

#[test]
fn the_executable_fits_its_budget() {
    let path = std::path::Path::new(binary());
    assert!(
        path.components().any(|c| c.as_os_str() == "release"),
        "the budget is the release build's, as shipped: run `cargo test --release` ({})",
        path.display()
    );
    let size = std::fs::metadata(path).expect("the executable").len();
    assert!(
        size <= BUDGET_BYTES,
        "the executable is {size} bytes, {} over its budget of {BUDGET_BYTES}: make room (a dependency, an embedded file) before adding",
        size - BUDGET_BYTES
    );
    println!(
        "executable: {size} bytes of {BUDGET_BYTES} ({} left)",
        BUDGET_BYTES - size
    );
}
