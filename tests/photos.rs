//! A volunteer's phone photos as visitors get them, against the real binary: every
//! EXIF orientation comes out upright; no place, camera or comment survives into
//! anything served (read by exiftool, not by our own code); what the site cannot
//! read is refused with what to do and the slot keeps what it had, in bounded
//! memory; a replaced photo is served in its new form and its old sizes are gone;
//! deleted sizes are made again.
mod common;

use std::path::Path;
use std::time::Duration;

use common::photos::{
    addresses, decode, exiftool, published, quadrants, save_jpeg, scene, slots, wait_for_photo,
};
use common::{Server, client, thewell};
use image::{Rgb, RgbImage};

/// How long one small photo may take to be made on a busy machine.
const MADE_WITHIN: Duration = Duration::from_secs(60);

/// The stored pixels that EXIF orientation `n` turns into `upright` when displayed
/// (EXIF 2.32, Orientation: where the stored row 0 and column 0 are seen).
fn stored_for(upright: &RgbImage, n: u16) -> RgbImage {
    let (w, h) = upright.dimensions();
    let (sw, sh) = if n >= 5 { (h, w) } else { (w, h) };
    let mut stored = RgbImage::new(sw, sh);
    for y in 0..h {
        for x in 0..w {
            // Where displayed pixel (x, y) is stored.
            let (sx, sy) = match n {
                1 => (x, y),
                2 => (sw - 1 - x, y),
                3 => (sw - 1 - x, sh - 1 - y),
                4 => (x, sh - 1 - y),
                5 => (y, x),
                6 => (y, sh - 1 - x),
                7 => (sw - 1 - y, sh - 1 - x),
                8 => (sw - 1 - y, x),
                _ => unreachable!(),
            };
            stored.put_pixel(sx, sy, *upright.get_pixel(x, y));
        }
    }
    stored
}

fn near(pixel: &Rgb<u8>, want: [u8; 3]) -> bool {
    pixel.0.iter().zip(want).all(|(a, b)| a.abs_diff(b) < 60)
}

/// The quadrant colours of `image` as seen: top left, top right, bottom left, bottom right.
fn assert_upright(image: &RgbImage, what: &str) {
    let (w, h) = image.dimensions();
    for ((x, y), want, name) in [
        ((w / 4, h / 4), [220, 30, 30], "red at the top left"),
        ((3 * w / 4, h / 4), [30, 200, 40], "green at the top right"),
        ((w / 4, 3 * h / 4), [30, 40, 210], "blue at the bottom left"),
        (
            (3 * w / 4, 3 * h / 4),
            [240, 240, 240],
            "white at the bottom right",
        ),
    ] {
        let got = image.get_pixel(x, y);
        assert!(near(got, want), "{what}: wanted {name}, found {:?}", got.0);
    }
}

async fn fetch(server: &Server, path: &str) -> Vec<u8> {
    let response = client().get(server.url(path)).send().await.expect("get");
    assert_eq!(response.status(), 200, "{path}");
    response.bytes().await.expect("body").to_vec()
}

fn ratio(frame: &str) -> (u32, u32) {
    let (w, h) = frame.split_once(':').unwrap();
    (w.parse().unwrap(), h.parse().unwrap())
}

#[tokio::test]
async fn every_orientation_comes_out_upright() {
    let server = Server::start();
    let data = server.data_dir();
    let work = tempfile::tempdir().unwrap();
    let slots = slots(&data);
    assert!(slots.len() >= 8, "{slots:?}");
    for (n, (slot, frame)) in (1u16..=8).zip(&slots) {
        let (rw, rh) = ratio(frame);
        // Upright, the photo has its frame's shape: nothing is cropped away.
        let upright = quadrants(480, 480 * rh / rw);
        let file = work.path().join(format!("IMG_{n}.JPG"));
        save_jpeg(&stored_for(&upright, n), &file);
        exiftool(&[
            "-overwrite_original",
            &format!("-Orientation#={n}"),
            file.to_str().unwrap(),
        ]);
        assert_eq!(
            exiftool(&["-s3", "-n", "-Orientation", file.to_str().unwrap()]).trim(),
            n.to_string()
        );
        let (ok, out, err) = thewell(&data, &["site", "photo", slot, file.to_str().unwrap()]);
        assert!(ok, "{out}{err}");
    }
    for (n, (slot, _)) in (1u16..=8).zip(&slots) {
        let photo = wait_for_photo(&server, slot, None, MADE_WITHIN).await;
        for format in ["webp", "jpg"] {
            for url in addresses(slot, &photo, format) {
                let image = decode(&fetch(&server, &url).await);
                assert_upright(&image, &format!("orientation {n}, {url}"));
            }
        }
    }
}

#[tokio::test]
async fn no_place_camera_or_comment_reaches_a_visitor() {
    let server = Server::start();
    let data = server.data_dir();
    let work = tempfile::tempdir().unwrap();
    let file = work.path().join("IMG_4032.JPG");
    save_jpeg(&scene(1600, 1200, 7), &file);
    exiftool(&[
        "-overwrite_original",
        "-GPSLatitude=31.5204",
        "-GPSLatitudeRef=N",
        "-GPSLongitude=74.3587",
        "-GPSLongitudeRef=E",
        "-XMP:GPSLatitude=31.5204 N",
        "-XMP:GPSLongitude=74.3587 E",
        "-XMP:Description=The Khan family's house",
        "-IPTC:City=Lahore",
        "-IPTC:Sub-location=12 Main Street",
        "-Make=Apple",
        "-Model=iPhone 15 Pro",
        "-Comment=Home group at the Khans'",
        "-EXIF:UserComment=Home group at the Khans'",
        "-Artist=Maria Lopez",
        file.to_str().unwrap(),
    ]);
    let before = exiftool(&["-a", "-G1", file.to_str().unwrap()]);
    for planted in [
        "GPS Latitude",
        "Lahore",
        "iPhone 15 Pro",
        "Khan",
        "Maria Lopez",
    ] {
        assert!(
            before.contains(planted),
            "exiftool wrote no {planted}: {before}"
        );
    }
    let (slot, _) = slots(&data).remove(0);
    let (ok, out, err) = thewell(&data, &["site", "photo", &slot, file.to_str().unwrap()]);
    assert!(ok, "{out}{err}");
    let photo = wait_for_photo(&server, &slot, None, MADE_WITHIN).await;
    let mut served = 0;
    // Its placeholder sits in the page: a tiny WebP, at most 1 KB, of the photo's frame.
    let record: serde_json::Value = serde_json::from_slice(
        &std::fs::read(data.join(format!("photo-variants/{slot}.json"))).unwrap(),
    )
    .unwrap();
    let placeholder = record["placeholder"].as_str().unwrap();
    assert!(placeholder.len() <= 1024, "{placeholder}");
    let tiny = placeholder
        .strip_prefix("data:image/webp;base64,")
        .and_then(|b64| {
            base64::Engine::decode(&base64::engine::general_purpose::STANDARD, b64).ok()
        })
        .and_then(|bytes| {
            image::load_from_memory_with_format(&bytes, image::ImageFormat::WebP).ok()
        })
        .unwrap_or_else(|| panic!("the placeholder is no WebP: {placeholder}"));
    let (width, height) = (
        photo["width"].as_f64().unwrap(),
        photo["height"].as_f64().unwrap(),
    );
    assert_eq!(tiny.width(), 16, "{placeholder}");
    assert!(
        (f64::from(tiny.width()) / f64::from(tiny.height()) - width / height).abs() < 0.15,
        "the placeholder is {}x{}, the photo {width}x{height}",
        tiny.width(),
        tiny.height()
    );
    for format in ["webp", "jpg"] {
        for url in addresses(&slot, &photo, format) {
            let path = work.path().join("served");
            std::fs::write(&path, fetch(&server, &url).await).unwrap();
            let tags = exiftool(&["-a", "-G1", "-s", path.to_str().unwrap()]);
            for gone in [
                "GPS",
                "Lahore",
                "Apple",
                "iPhone",
                "Khan",
                "Maria",
                "Main Street",
                "[XMP",
                "[IPTC",
                "Make",
                "Model",
                "Comment",
                "Artist",
                "[IFD0]",
                "[ExifIFD]",
            ] {
                assert!(!tags.contains(gone), "{url} still carries {gone}:\n{tags}");
            }
            served += 1;
        }
    }
    assert!(served >= 4, "{photo}");
    // The original is kept, and never served under any name.
    let original = data.join(format!("photos/{slot}.jpg"));
    assert!(original.is_file());
    for path in [
        format!("/photos/{slot}.jpg"),
        format!("/photos/{slot}.jpg?v=1"),
        "/photos/IMG_4032.JPG".to_string(),
    ] {
        let response = client().get(server.url(&path)).send().await.unwrap();
        assert_eq!(response.status(), 404, "{path}");
    }
}

/// A PNG of `width` × `height` black pixels, written a row at a time (no image of
/// that size is ever held here): signature, IHDR, IDAT of deflated rows, IEND.
fn huge_png(path: &Path, width: u32, height: u32) {
    use std::io::Write;
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend((data.len() as u32).to_be_bytes());
        let mut crc = crc32fast::Hasher::new();
        crc.update(kind);
        crc.update(data);
        out.extend(kind);
        out.extend(data);
        out.extend(crc.finalize().to_be_bytes());
    }
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend(width.to_be_bytes());
    ihdr.extend(height.to_be_bytes());
    ihdr.extend([8, 2, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    let mut deflate = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    let row = vec![0u8; 1 + 3 * width as usize];
    for _ in 0..height {
        deflate.write_all(&row).unwrap();
    }
    chunk(&mut out, b"IDAT", &deflate.finish().unwrap());
    chunk(&mut out, b"IEND", &[]);
    std::fs::write(path, out).unwrap();
}

/// Runs `thewell` and returns (success, stderr, its peak memory in bytes).
fn thewell_measured(data: &Path, args: &[&str]) -> (bool, String, u64) {
    let child = std::process::Command::new(common::binary())
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let mut stderr = child.stderr.expect("stderr");
    let mut text = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut text).unwrap();
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 fills it for this one child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our own unwaited child; both pointers live through the call.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid);
    (
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        text,
        usage.ru_maxrss as u64 * 1024,
    )
}

#[tokio::test]
async fn what_cannot_be_read_is_refused_with_what_to_do_and_the_slot_keeps_its_photo() {
    let server = Server::start();
    let data = server.data_dir();
    let work = tempfile::tempdir().unwrap();
    let (slot, _) = slots(&data).remove(0);
    let good = work.path().join("good.jpg");
    save_jpeg(&scene(800, 600, 1), &good);
    let (ok, out, err) = thewell(&data, &["site", "photo", &slot, good.to_str().unwrap()]);
    assert!(ok, "{out}{err}");
    let shown = wait_for_photo(&server, &slot, None, MADE_WITHIN).await;
    let kept = std::fs::read(data.join(format!("photos/{slot}.jpg"))).unwrap();

    let heic = work.path().join("IMG_5120.HEIC");
    std::fs::write(&heic, b"\0\0\0\x18ftypheic\0\0\0\0mif1heic\0\0\0\x08mdat").unwrap();
    let truncated = work.path().join("IMG_0001.JPG");
    let whole = std::fs::read(&good).unwrap();
    std::fs::write(&truncated, &whole[..whole.len() / 2]).unwrap();
    let huge = work.path().join("panorama.png");
    huge_png(&huge, 20_000, 20_000);
    let text = work.path().join("notes.jpg");
    std::fs::write(&text, "Prayer list for Sunday: ...").unwrap();
    let big = work.path().join("big.jpg");
    std::fs::write(&big, vec![0xFF; 41 * 1024 * 1024]).unwrap();

    for (file, says) in [
        (&heic, "Settings → Camera → Formats → Most Compatible"),
        (&truncated, "damaged or cut short"),
        (
            &huge,
            "20000 × 20000 pixels (400 megapixels): the site takes photos up to 50 megapixels",
        ),
        (&text, "it starts as text"),
        (&big, "the site takes photos up to 40 MB"),
    ] {
        let (ok, err, peak) =
            thewell_measured(&data, &["site", "photo", &slot, file.to_str().unwrap()]);
        assert!(!ok, "{} was taken", file.display());
        assert!(err.contains(says), "{}: {err}", file.display());
        assert!(err.contains("The slot keeps what it had"), "{err}");
        assert!(
            peak < 150 * 1024 * 1024,
            "{}: {} MB",
            file.display(),
            peak / 1024 / 1024
        );
        assert_eq!(
            std::fs::read(data.join(format!("photos/{slot}.jpg"))).unwrap(),
            kept
        );
    }
    // Copied in by hand instead, a damaged file is refused by the server, which says
    // why in the listing, and the photo made before stays on the page.
    std::fs::write(
        data.join(format!("photos/{slot}.jpg")),
        &whole[..whole.len() / 2],
    )
    .unwrap();
    let until = std::time::Instant::now() + MADE_WITHIN;
    loop {
        let (_, listing, _) = thewell(&data, &["site", "photos"]);
        if listing.contains("refused: it is damaged or cut short") {
            break;
        }
        assert!(
            std::time::Instant::now() < until,
            "{listing}\n{}",
            server.stderr()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(published(&server).await.get(&slot), Some(&shown));
    assert!(
        server
            .log_with("refused")
            .contains(&format!("{slot} refused"))
    );
}

#[tokio::test]
async fn a_replaced_photo_is_served_anew_and_deleted_sizes_are_made_again() {
    let server = Server::start();
    let data = server.data_dir();
    let work = tempfile::tempdir().unwrap();
    let (slot, _) = slots(&data).remove(0);
    let first = work.path().join("first.jpg");
    save_jpeg(&scene(1200, 900, 1), &first);
    assert!(thewell(&data, &["site", "photo", &slot, first.to_str().unwrap()]).0);
    let old = wait_for_photo(&server, &slot, None, MADE_WITHIN).await;
    let old_urls = addresses(&slot, &old, "webp");
    assert!(!fetch(&server, &old_urls[0]).await.is_empty());

    // The new photo, with its focus: a different picture at new addresses.
    let second = work.path().join("second.png");
    quadrants(1000, 750).save(&second).unwrap();
    let (ok, out, err) = thewell(
        &data,
        &[
            "site",
            "photo",
            &slot,
            second.to_str().unwrap(),
            "--focus",
            "50%,0%",
        ],
    );
    assert!(ok, "{out}{err}");
    assert!(
        !data.join(format!("photos/{slot}.jpg")).exists(),
        "the one before goes"
    );
    assert_eq!(
        std::fs::read_to_string(data.join(format!("photos/{slot}.focus")))
            .unwrap()
            .trim(),
        "50%,0%"
    );
    let new = wait_for_photo(&server, &slot, Some(&old), MADE_WITHIN).await;
    let new_urls = addresses(&slot, &new, "jpg");
    let largest = decode(&fetch(&server, new_urls.last().unwrap()).await);
    // Cropped from the top (focus 0% down): the top row of the quadrants is in view.
    assert!(near(
        largest.get_pixel(largest.width() / 4, 2),
        [220, 30, 30]
    ));
    // The old sizes are gone: from the site and from the disk.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    for url in &old_urls {
        let response = client().get(server.url(url)).send().await.unwrap();
        assert_eq!(response.status(), 404, "{url}");
        let name = url.trim_start_matches("/photos/");
        assert!(
            !data.join("photo-variants/files").join(name).exists(),
            "{name}"
        );
    }

    // A restore brings the originals, not the sizes: deleted, they are made again.
    for entry in std::fs::read_dir(data.join("photo-variants/files")).unwrap() {
        std::fs::remove_file(entry.unwrap().path()).unwrap();
    }
    let until = std::time::Instant::now() + MADE_WITHIN;
    loop {
        let photo = published(&server).await.get(&slot).cloned();
        if let Some(photo) = photo {
            let url = addresses(&slot, &photo, "webp").pop().unwrap();
            if client()
                .get(server.url(&url))
                .send()
                .await
                .unwrap()
                .status()
                == 200
            {
                break;
            }
        }
        assert!(std::time::Instant::now() < until, "{}", server.stderr());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
