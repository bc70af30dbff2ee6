//! Reading an original: what kind of file it is (by its bytes, never its name), its
//! size checked before a pixel is decoded, then its pixels decoded and turned upright
//! from its EXIF orientation. No metadata is kept past this point: only pixels go on.
use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbImage};

use super::error::{MAX_BYTES, MAX_PIXELS, PhotoError};

/// The kind of file `head` (its first bytes) starts as.
pub fn sniff(head: &[u8]) -> Result<ImageFormat, PhotoError> {
    if head.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Ok(ImageFormat::Jpeg);
    }
    if head.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Ok(ImageFormat::Png);
    }
    if head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
        return Ok(ImageFormat::WebP);
    }
    // ISO base media files (HEIC, AVIF): a box `ftyp` with a major brand and a list
    // of compatible ones; HEIC and AVIF may both say only `mif1` as the major brand.
    if head.get(4..8) == Some(b"ftyp") {
        let size = head
            .get(0..4)
            .map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize);
        let end = size.clamp(16, head.len().max(16)).min(head.len());
        let brands: Vec<&[u8]> = std::iter::once(head.get(8..12).unwrap_or_default())
            .chain(head.get(16..end).unwrap_or_default().chunks_exact(4))
            .collect();
        let any = |names: &[&[u8]]| brands.iter().any(|b| names.contains(b));
        if any(&[b"avif", b"avis"]) {
            return Err(PhotoError::Avif);
        }
        if any(&[
            b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"hevm", b"hevs", b"mif1",
            b"msf1",
        ]) {
            return Err(PhotoError::Heic);
        }
        return Err(PhotoError::NotAPhoto("a video or another ISO media file"));
    }
    Err(PhotoError::NotAPhoto(describe(head)))
}

/// A few words on what a file that is no photo seems to be.
fn describe(head: &[u8]) -> &'static str {
    if head.is_empty() {
        "nothing (the file is empty)"
    } else if head.starts_with(b"%PDF") {
        "a PDF document"
    } else if head.starts_with(b"GIF8") {
        "a GIF animation"
    } else if head.starts_with(b"PK\x03\x04") {
        "a zip archive (or an office document)"
    } else if head.starts_with(b"II*\0") || head.starts_with(b"MM\0*") {
        "a TIFF or camera RAW file"
    } else if head.starts_with(b"BM") {
        "a BMP image"
    } else if std::str::from_utf8(head).is_ok() {
        "text"
    } else {
        "something else"
    }
}

/// How much memory the decoder may take: the pixels of the largest photo taken (in
/// RGBA, as a PNG with transparency decodes) and a little more.
const DECODE_ALLOC: u64 = MAX_PIXELS * 4 + 16 * 1024 * 1024;

/// Checks the kind and size of an original without decoding its pixels.
pub fn check(bytes: &[u8]) -> Result<(ImageFormat, u32, u32), PhotoError> {
    if bytes.len() as u64 > MAX_BYTES {
        return Err(PhotoError::TooManyBytes(bytes.len() as u64));
    }
    let format = sniff(&bytes[..bytes.len().min(64)])?;
    let reader = ImageReader::with_format(Cursor::new(bytes), format);
    let (width, height) = reader
        .into_dimensions()
        .map_err(|e| PhotoError::Damaged(e.to_string()))?;
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(PhotoError::TooManyPixels { width, height });
    }
    Ok((format, width, height))
}

/// Decodes an original into upright sRGB-encoded pixels on white (a transparent PNG's
/// see-through parts show white). Refuses before decoding what is too large.
pub fn upright_pixels(bytes: &[u8]) -> Result<RgbImage, PhotoError> {
    let (format, _, _) = check(bytes)?;
    if format == ImageFormat::Jpeg && !ends_whole(bytes) {
        return Err(PhotoError::Damaged(
            "the JPEG stops before its end marker".into(),
        ));
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_PIXELS as u32);
    limits.max_image_height = Some(MAX_PIXELS as u32);
    limits.max_alloc = Some(DECODE_ALLOC);
    reader.limits(limits);
    let damaged = |e: image::ImageError| match e {
        image::ImageError::Limits(_) => {
            PhotoError::Damaged(format!("it needs too much memory: {e}"))
        }
        other => PhotoError::Damaged(other.to_string()),
    };
    let mut decoder = reader.into_decoder().map_err(damaged)?;
    // A photo whose orientation cannot be read is shown as stored.
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let profile = decoder.icc_profile().ok().flatten();
    let mut image = DynamicImage::from_decoder(decoder).map_err(damaged)?;
    image.apply_orientation(orientation);
    let mut pixels = on_white(image);
    if let Some(profile) = profile {
        to_srgb(&mut pixels, &profile);
    }
    Ok(pixels)
}

/// Converts pixels described by the ICC profile `icc` (a phone's Display P3, a
/// camera's Adobe RGB) to sRGB, which every browser assumes of an image without one
/// (what is served carries none). A profile that cannot be read or applied leaves
/// the pixels as they are, as a browser ignoring it would show them.
fn to_srgb(rgb: &mut RgbImage, icc: &[u8]) {
    use moxcms::{ColorProfile, Layout, TransformOptions};
    let Ok(source) = ColorProfile::new_from_slice(icc) else {
        return;
    };
    let Ok(transform) = source.create_transform_8bit(
        Layout::Rgb,
        &ColorProfile::new_srgb(),
        Layout::Rgb,
        TransformOptions::default(),
    ) else {
        return;
    };
    // A row at a time: no second copy of the whole photo.
    let stride = rgb.width() as usize * 3;
    let mut row = vec![0u8; stride];
    for line in rgb.chunks_exact_mut(stride) {
        if transform.transform(line, &mut row).is_err() {
            return;
        }
        line.copy_from_slice(&row);
    }
}

/// A JPEG's last marker (End Of Image, FF D9) is there: a copy cut short has none.
/// Phones may write more after it (a motion photo's video), so it is looked for in
/// the whole file after the image's start, not only at its end.
fn ends_whole(bytes: &[u8]) -> bool {
    bytes.windows(2).skip(2).any(|w| w == [0xFF, 0xD9])
}

/// Three 8-bit channels, a transparent pixel blended over white.
fn on_white(image: DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.into_rgb8();
    }
    let rgba = image.into_rgba8();
    let (width, height) = rgba.dimensions();
    let mut out = RgbImage::new(width, height);
    for (to, from) in out.pixels_mut().zip(rgba.pixels()) {
        let a = u16::from(from[3]);
        for c in 0..3 {
            to[c] = ((u16::from(from[c]) * a + 255 * (255 - a) + 127) / 255) as u8;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_told_by_their_bytes() {
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE1]), Ok(ImageFormat::Jpeg));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n\0\0"), Ok(ImageFormat::Png));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Ok(ImageFormat::WebP));
        let heic = b"\0\0\0\x18ftypheic\0\0\0\0mif1heic";
        assert_eq!(sniff(heic), Err(PhotoError::Heic));
        let mif1_heic = b"\0\0\0\x18ftypmif1\0\0\0\0mif1heic";
        assert_eq!(sniff(mif1_heic), Err(PhotoError::Heic));
        let avif = b"\0\0\0\x1cftypmif1\0\0\0\0mif1avifmiaf";
        assert_eq!(sniff(avif), Err(PhotoError::Avif));
        assert_eq!(sniff(b"Dear church, "), Err(PhotoError::NotAPhoto("text")));
        assert!(matches!(sniff(b""), Err(PhotoError::NotAPhoto(_))));
    }

    #[test]
    fn a_display_p3_photo_is_made_srgb() {
        use image::ImageEncoder;
        let colour = [200u8, 100, 50];
        let png = |icc: Option<Vec<u8>>| {
            let mut bytes = Vec::new();
            let mut encoder = image::codecs::png::PngEncoder::new(&mut bytes);
            if let Some(icc) = icc {
                encoder.set_icc_profile(icc).unwrap();
            }
            let pixels: Vec<u8> = colour.repeat(4);
            encoder
                .write_image(&pixels, 2, 2, image::ExtendedColorType::Rgb8)
                .unwrap();
            bytes
        };
        let p3 = moxcms::ColorProfile::new_display_p3().encode().unwrap();
        let plain = upright_pixels(&png(None)).unwrap();
        assert_eq!(plain.get_pixel(0, 0).0, colour, "no profile: as stored");
        let converted = upright_pixels(&png(Some(p3))).unwrap().get_pixel(0, 0).0;
        // The same orange in sRGB is more saturated: more red, less blue.
        assert!(
            converted[0] > colour[0] + 5 && converted[2] + 10 < colour[2],
            "{converted:?}"
        );
        let srgb = moxcms::ColorProfile::new_srgb().encode().unwrap();
        let same = upright_pixels(&png(Some(srgb))).unwrap().get_pixel(0, 0).0;
        assert!(
            same.iter().zip(colour).all(|(a, b)| a.abs_diff(b) <= 1),
            "{same:?}"
        );
    }

    #[test]
    fn transparency_shows_white() {
        let mut rgba = image::RgbaImage::new(2, 1);
        rgba.put_pixel(0, 0, image::Rgba([0, 0, 0, 0]));
        rgba.put_pixel(1, 0, image::Rgba([10, 20, 30, 255]));
        let rgb = on_white(DynamicImage::ImageRgba8(rgba));
        assert_eq!(rgb.get_pixel(0, 0).0, [255, 255, 255]);
        assert_eq!(rgb.get_pixel(1, 0).0, [10, 20, 30]);
    }
}
