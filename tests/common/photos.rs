//! Real photos for the photo tests: JPEGs and PNGs made here with the `image` crate,
//! given EXIF, XMP and IPTC by Debian's exiftool (the independent writer and reader of
//! camera metadata), and the server's published photos read back from its pages.
#![allow(dead_code)]
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use image::{Rgb, RgbImage};
use serde_json::Value;

use super::{Server, client, thewell};

/// Runs exiftool with `args`; fails the test with how to install it when missing.
pub fn exiftool(args: &[&str]) -> String {
    let output = Command::new("exiftool").args(args).output().unwrap_or_else(|e| {
        panic!("exiftool is needed to write and read camera metadata ({e}): apt-get install libimage-exiftool-perl")
    });
    assert!(
        output.status.success(),
        "exiftool {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Four quadrants of four colours (top left red, top right green, bottom left blue,
/// bottom right white), with a little noise so it compresses like a photo.
pub fn quadrants(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        let base: [u8; 3] = match (x * 2 / width, y * 2 / height) {
            (0, 0) => [220, 30, 30],
            (1, 0) => [30, 200, 40],
            (0, _) => [30, 40, 210],
            _ => [240, 240, 240],
        };
        let n = ((x * 7 + y * 13) % 9) as u8;
        Rgb([
            base[0].saturating_sub(n),
            base[1].saturating_sub(n),
            base[2].saturating_sub(n),
        ])
    })
}

/// A camera-like photo: smooth gradients and texture, `width` × `height`.
pub fn scene(width: u32, height: u32, seed: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        let fx = x as f32 / width as f32;
        let fy = y as f32 / height as f32;
        let t = ((x.wrapping_mul(2654435761) ^ y.wrapping_mul(40503) ^ seed) >> 24) as f32 / 16.0;
        Rgb([
            (fx * 180.0 + 40.0 + t) as u8,
            (fy * 150.0 + 60.0 + t) as u8,
            ((1.0 - fx) * 120.0 + 80.0 + t) as u8,
        ])
    })
}

/// `image` as a JPEG file at `path` (quality 90, as a phone saves).
pub fn save_jpeg(image: &RgbImage, path: &Path) {
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90)
        .encode_image(image)
        .expect("encode a JPEG");
    std::fs::write(path, bytes).expect("write the JPEG");
}

/// The pixels of an image file's bytes (WebP or JPEG), decoded by the `image` crate.
pub fn decode(bytes: &[u8]) -> RgbImage {
    image::load_from_memory(bytes)
        .expect("a served photo decodes")
        .to_rgb8()
}

/// The photos the server publishes now: slot → the settings block's entry.
pub async fn published(server: &Server) -> serde_json::Map<String, Value> {
    let page = client()
        .get(server.url("/"))
        .send()
        .await
        .expect("get /")
        .text()
        .await
        .expect("the page");
    let block = page
        .split(r#"<script type="application/json" id="site-settings">"#)
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("the settings block");
    let settings: Value = serde_json::from_str(block).expect("settings JSON");
    settings["photos"].as_object().cloned().unwrap_or_default()
}

/// Waits (at most `limit`) until `slot`'s published photo is not `before`; returns it.
pub async fn wait_for_photo(
    server: &Server,
    slot: &str,
    before: Option<&Value>,
    limit: Duration,
) -> Value {
    let until = Instant::now() + limit;
    loop {
        if let Some(photo) = published(server).await.get(slot)
            && Some(photo) != before
        {
            return photo.clone();
        }
        assert!(
            Instant::now() < until,
            "{slot} was not made within {limit:?}; the server's log:\n{}",
            server.stderr()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The addresses of a published photo's sizes in `format` (`webp`, `jpg`), smallest
/// first, as the pages name them: /photos/<slot>.<key>.<width>.<format>.
pub fn addresses(slot: &str, photo: &Value, format: &str) -> Vec<String> {
    photo["widths"]
        .as_array()
        .expect("widths")
        .iter()
        .map(|w| {
            format!(
                "/photos/{slot}.{}.{w}.{format}",
                photo["key"].as_str().unwrap()
            )
        })
        .collect()
}

/// The site's photo slots with their frames, as `thewell site photos` lists them.
pub fn slots(data_dir: &Path) -> Vec<(String, String)> {
    let (ok, out, err) = thewell(data_dir, &["site", "photos"]);
    assert!(ok, "{err}");
    out.lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let slot = words.next()?;
            let frame = words.next()?;
            (frame.contains(':') && !line.starts_with(' '))
                .then(|| (slot.to_string(), frame.to_string()))
        })
        .collect()
}
