//! Making one photo's variants: the original decoded upright, cropped to its frame
//! around the focus, resized to each width (fast_image_resize, Lanczos), and written as
//! WebP (libwebp) and JPEG (jpeg-encoder) from pixels alone, so no EXIF, XMP, IPTC,
//! GPS, camera or comment of the original can reach what is served; with a blurred
//! placeholder small enough to sit in the page.
use std::path::Path;

use fast_image_resize::images::{TypedImage, TypedImageRef};
use fast_image_resize::pixels::U8x3;
use fast_image_resize::{FilterType, ResizeAlg, ResizeOptions, Resizer};
use image::RgbImage;

use super::decode::upright_pixels;
use super::error::PhotoError;
use super::frame::{Focus, Ratio, crop, widths};
use super::made::{Made, file_name};

/// WebP quality (libwebp's 0–100): photos on phones, where 75 is libwebp's own default.
pub const WEBP_QUALITY: f32 = 72.0;
/// JPEG quality for the browsers that read no WebP.
pub const JPEG_QUALITY: u8 = 74;
/// The placeholder's width in pixels (drawn large by the browser, which smooths it).
const PLACEHOLDER_WIDTH: u32 = 16;
/// How far the placeholder is blurred, in its own pixels (the Gaussian's sigma).
const PLACEHOLDER_BLUR: f32 = 0.8;

/// What to make: a slot's frame, the largest width it is drawn at, the focus.
#[derive(Debug, Clone, PartialEq)]
pub struct Recipe {
    pub ratio: Ratio,
    pub largest_drawn: u32,
    pub focus: Focus,
}

/// Makes the variants of `original` for `slot` into `folder`, named with `key`.
/// Returns what was made (the caller publishes it); writes nothing else.
pub fn make(
    original: &[u8],
    slot: &str,
    key: &str,
    recipe: &Recipe,
    folder: &Path,
) -> Result<Made, PhotoError> {
    let upright = upright_pixels(original)?;
    let (width, height) = upright.dimensions();
    let (left, top, crop_w, crop_h) = crop(width, height, recipe.ratio, recipe.focus);
    let steps = widths(recipe.largest_drawn, crop_w);
    let mut resizer = Resizer::new();
    let source = TypedImageRef::<U8x3>::from_buffer(width, height, upright.as_raw())
        .map_err(|e| PhotoError::Unreadable(e.to_string()))?;
    let options = ResizeOptions::new()
        .resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3))
        .crop(
            f64::from(left),
            f64::from(top),
            f64::from(crop_w),
            f64::from(crop_h),
        );
    let height_at = |w: u32| -> u32 {
        ((u64::from(w) * u64::from(recipe.ratio.height) + u64::from(recipe.ratio.width) / 2)
            / u64::from(recipe.ratio.width))
        .max(1) as u32
    };
    let resized =
        |resizer: &mut Resizer, w: u32| -> Result<TypedImage<'static, U8x3>, PhotoError> {
            let mut out = TypedImage::<U8x3>::new(w, height_at(w));
            resizer
                .resize_typed(&source, &mut out, &options)
                .map_err(|e| PhotoError::Unreadable(e.to_string()))?;
            Ok(out)
        };
    std::fs::create_dir_all(folder).map_err(|e| PhotoError::Write(e.to_string()))?;
    for &w in &steps {
        let pixels = resized(&mut resizer, w)?;
        let bytes: &[u8] = bytemuck_bytes(pixels.pixels());
        let h = height_at(w);
        write(folder, &file_name(slot, key, w, "webp"), &webp(bytes, w, h))?;
        write(folder, &file_name(slot, key, w, "jpg"), &jpeg(bytes, w, h)?)?;
    }
    let small = resized(&mut resizer, PLACEHOLDER_WIDTH)?;
    let small = RgbImage::from_raw(
        PLACEHOLDER_WIDTH,
        height_at(PLACEHOLDER_WIDTH),
        bytemuck_bytes(small.pixels()).to_vec(),
    )
    .ok_or_else(|| PhotoError::Unreadable("the placeholder's pixels do not fill it".into()))?;
    let placeholder = placeholder(&small);
    let top = *steps.last().unwrap_or(&PLACEHOLDER_WIDTH);
    Ok(Made {
        key: key.to_string(),
        width: top,
        height: height_at(top),
        widths: steps,
        placeholder,
    })
}

/// The bytes of three-channel pixels (U8x3 is three bytes, nothing between).
fn bytemuck_bytes(pixels: &[U8x3]) -> &[u8] {
    // SAFETY: U8x3 is a #[repr(C)] wrapper of [u8; 3] (size 3, align 1), so a slice of
    // n pixels is 3n initialised bytes.
    unsafe { std::slice::from_raw_parts(pixels.as_ptr().cast::<u8>(), pixels.len() * 3) }
}

fn webp(rgb: &[u8], width: u32, height: u32) -> Vec<u8> {
    webp::Encoder::from_rgb(rgb, width, height)
        .encode(WEBP_QUALITY)
        .to_vec()
}

fn jpeg(rgb: &[u8], width: u32, height: u32) -> Result<Vec<u8>, PhotoError> {
    let mut out = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut out, JPEG_QUALITY);
    encoder.set_progressive(true);
    encoder.set_optimized_huffman_tables(true);
    let too_large = |_| PhotoError::Unreadable("a variant is too large to write as JPEG".into());
    encoder
        .encode(
            rgb,
            u16::try_from(width).map_err(too_large)?,
            u16::try_from(height).map_err(too_large)?,
            jpeg_encoder::ColorType::Rgb,
        )
        .map_err(|e| PhotoError::Write(e.to_string()))?;
    Ok(out)
}

/// A blurred stand-in for the photo, as a `data:` address to draw until it loads: a
/// tiny WebP, blurred here so that the browser, drawing it large and smooth, shows no
/// squares. (Not an SVG that blurs it as it is drawn: each such SVG is a document the
/// phone builds before its first paint, 30 ms of a page of photos at full speed.)
fn placeholder(tiny: &RgbImage) -> String {
    use base64::Engine;
    let blurred = image::imageops::blur(tiny, PLACEHOLDER_BLUR);
    let bytes =
        webp::Encoder::from_rgb(blurred.as_raw(), blurred.width(), blurred.height()).encode(40.0);
    format!(
        "data:image/webp;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(&*bytes)
    )
}

/// Writes one variant whole (a temporary name, then renamed), readable by this user only.
fn write(folder: &Path, name: &str, bytes: &[u8]) -> Result<(), PhotoError> {
    let path = folder.join(name);
    crate::data_dir::replace_private_file(&path, &path, bytes)
        .map_err(|e| PhotoError::Write(format!("{name}: {e}")))
}

/// The decoded, upright pixels of an original: for `thewell site photo`'s check and tests.
pub fn pixels(original: &[u8]) -> Result<RgbImage, PhotoError> {
    upright_pixels(original)
}
