//! Builds the frontend (frontend/ -> frontend/dist) before the Rust code embeds it.
//! `npm ci` runs only when node_modules is missing or older than package-lock.json;
//! `SKIP_FRONTEND_BUILD=1` skips the whole step and embeds whatever dist/ holds.
use std::path::Path;
use std::process::Command;
use std::time::SystemTime;

const WATCHED: &[&str] = &[
    "frontend/src",
    "frontend/public",
    "frontend/scripts",
    "frontend/index.html",
    "frontend/package.json",
    "frontend/package-lock.json",
    "frontend/vite.config.ts",
    "frontend/vite.sw.config.ts",
    "frontend/tsconfig.json",
];

fn main() {
    for path in WATCHED {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=SKIP_FRONTEND_BUILD");
    let frontend = Path::new("frontend");
    let dist = frontend.join("dist");

    if std::env::var("SKIP_FRONTEND_BUILD").is_ok_and(|v| v == "1") {
        println!(
            "cargo:warning=SKIP_FRONTEND_BUILD=1: embedding frontend/dist as it is, without building it"
        );
        // rust-embed needs the folder to exist even when nothing was built.
        std::fs::create_dir_all(&dist).expect("cannot create frontend/dist");
        return;
    }

    if Command::new("npm").arg("--version").output().is_err() {
        fail(
            "npm was not found on PATH. Install Node.js 20.19 or newer with npm \
             (Debian: apt-get install nodejs npm), or set SKIP_FRONTEND_BUILD=1 to embed an existing frontend/dist.",
        );
    }
    if needs_install(frontend) {
        run(frontend, &["ci", "--no-audit", "--no-fund"]);
    }
    run(frontend, &["run", "build"]);
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// node_modules is stale when npm's own record of it is missing or older than the lockfile.
fn needs_install(frontend: &Path) -> bool {
    let installed = modified(&frontend.join("node_modules/.package-lock.json"));
    let locked = modified(&frontend.join("package-lock.json"));
    match (installed, locked) {
        (Some(installed), Some(locked)) => installed < locked,
        _ => true,
    }
}

fn run(dir: &Path, args: &[&str]) {
    let status = Command::new("npm").args(args).current_dir(dir).status();
    match status {
        Ok(status) if status.success() => {}
        Ok(status) => fail(&format!(
            "`npm {}` in frontend/ failed ({status}); its output is above",
            args.join(" ")
        )),
        Err(err) => fail(&format!("could not run `npm {}`: {err}", args.join(" "))),
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    println!("cargo:warning={message}");
    std::process::exit(1);
}
