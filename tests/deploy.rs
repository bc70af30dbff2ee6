//! The systemd unit in deploy/: valid for `systemd-analyze verify`, and hardened to
//! an exposure of at most 2.0 by `systemd-analyze security --offline=true` (Debian's
//! systemd package; .ci/run installs it).
use crate::common;

use std::process::Command;

fn analyze(args: &[&str]) -> (bool, String) {
    let output = Command::new("systemd-analyze")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("systemd-analyze is missing ({e}): apt-get install systemd"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

#[test]
fn the_unit_verifies_and_its_exposure_is_at_most_two() {
    let unit =
        std::fs::read_to_string(common::manifest_dir().join("deploy/thewell.service")).unwrap();
    for needed in [
        "User=thewell",
        "EnvironmentFile=-/etc/thewell.env",
        "StateDirectory=thewell",
        "AmbientCapabilities=CAP_NET_BIND_SERVICE",
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "ProtectHome=yes",
        "PrivateTmp=yes",
        "PrivateDevices=yes",
        "RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX",
        "SystemCallFilter=@system-service",
        "UMask=0077",
        "LimitNOFILE=65536",
        "Restart=on-failure",
    ] {
        assert!(unit.contains(needed), "the unit lacks {needed}");
    }
    // verify wants the program to exist: point the copy at the binary under test.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("thewell.service");
    std::fs::write(
        &copy,
        unit.replace("/usr/local/bin/thewell", common::binary()),
    )
    .unwrap();
    let (ok, text) = analyze(&["verify", copy.to_str().unwrap()]);
    assert!(
        ok && text.trim().is_empty(),
        "systemd-analyze verify: {text}"
    );

    let (_, text) = analyze(&["security", "--offline=true", copy.to_str().unwrap()]);
    let exposure: f64 = text
        .lines()
        .find_map(|l| {
            l.split("Overall exposure level for thewell.service: ")
                .nth(1)
        })
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no exposure in: {text}"));
    println!("systemd-analyze security: exposure {exposure}");
    assert!(exposure <= 2.0, "exposure {exposure} > 2.0:\n{text}");
}
