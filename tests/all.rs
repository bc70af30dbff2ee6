//! Every HTTP, CLI and source test of tests/ in one test program (Cargo.toml names it;
//! `autotests = false`): one program to link instead of one per file saves a fresh
//! build about two minutes, and the tests of all files share the test threads, so a
//! file's long test runs beside the others' rather than after them. One file is
//! run as `cargo test --release --test all <file>::` (e.g. `offsite::`). tests/photos.rs
//! is a program of its own (Cargo.toml says why).
mod common;

mod acme;
mod api;
mod backup;
mod calendar;
mod cli;
mod connections;
mod content;
mod crash;
mod deploy;
mod format;
mod fuzz;
mod guides;
mod hardening;
mod layering;
mod notify;
mod offsite;
mod plain_forms;
mod retention;
mod settings;
mod site;
mod size;
mod stated_once;
mod tls;
mod workbook;
