//! Where a photo is drawn: its slot's frame (the shape it is cropped to), the largest
//! width it is drawn at, the part of the photo kept around the volunteer's focal
//! point, and the widths made of it for screens of 1 to 3 device pixels per CSS pixel.
use std::fmt;
use std::str::FromStr;

/// A frame's shape, width:height.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ratio {
    pub width: u32,
    pub height: u32,
}

impl Ratio {
    /// A slot's frame as the build names it ("4:3", "16:9", "1:1"; a video's still,
    /// "fill", fills a 16:9 player).
    pub fn of_slot(name: &str) -> Ratio {
        let (w, h) = name.split_once(':').unwrap_or(("16", "9"));
        match (w.parse(), h.parse()) {
            (Ok(width), Ok(height)) if width > 0 && height > 0 => Ratio { width, height },
            _ => Ratio {
                width: 16,
                height: 9,
            },
        }
    }
}

/// The point of the photo kept in view when it is cropped, as fractions of its width
/// and height from the top left (the centre unless the volunteer says).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Focus {
    pub x: f64,
    pub y: f64,
}

impl Default for Focus {
    fn default() -> Focus {
        Focus { x: 0.5, y: 0.5 }
    }
}

impl fmt::Display for Focus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}%,{}%",
            (self.x * 100.0).round(),
            (self.y * 100.0).round()
        )
    }
}

impl FromStr for Focus {
    type Err = String;

    /// "50%,30%": across, then down, each from 0% (left, top) to 100%.
    fn from_str(text: &str) -> Result<Focus, String> {
        let wrong = || {
            format!(
                "'{}' is not a focus: give across and down as percentages, e.g. 50%,30% (50% across, 30% down from the top)",
                text.chars().take(40).collect::<String>()
            )
        };
        let (x, y) = text.split_once(',').ok_or_else(wrong)?;
        let part = |p: &str| -> Result<f64, String> {
            let number: f64 = p
                .trim()
                .strip_suffix('%')
                .ok_or_else(wrong)?
                .trim()
                .parse()
                .map_err(|_| wrong())?;
            if (0.0..=100.0).contains(&number) {
                Ok(number / 100.0)
            } else {
                Err(wrong())
            }
        };
        Ok(Focus {
            x: part(x)?,
            y: part(y)?,
        })
    }
}

/// The part of a `width` × `height` photo kept for a frame of `ratio`: as large as
/// fits, placed so the focus is as near its middle as the photo's edges allow.
/// (left, top, width, height) in pixels.
pub fn crop(width: u32, height: u32, ratio: Ratio, focus: Focus) -> (u32, u32, u32, u32) {
    let (w, h) = (u64::from(width), u64::from(height));
    let (rw, rh) = (u64::from(ratio.width), u64::from(ratio.height));
    // Wider than the frame: keep the full height; else the full width.
    let (cw, ch) = if w * rh > h * rw {
        ((h * rw / rh).max(1), h)
    } else {
        (w, (w * rh / rw).max(1))
    };
    let place = |whole: u64, part: u64, at: f64| -> u64 {
        let centre = (whole as f64 * at).round() as i64 - (part / 2) as i64;
        centre.clamp(0, (whole - part) as i64) as u64
    };
    (
        place(w, cw, focus.x) as u32,
        place(h, ch, focus.y) as u32,
        cw as u32,
        ch as u32,
    )
}

/// Widths a photo is made at: steps of a ladder up to three times the largest width
/// it is drawn at (a phone's 3 device pixels per CSS pixel), never wider than the
/// part of the original kept, nor than `MAX_WIDTH`.
pub const LADDER: [u32; 10] = [240, 360, 480, 640, 800, 960, 1200, 1440, 1800, 2400];
pub const MAX_WIDTH: u32 = 2400;

pub fn widths(largest_drawn: u32, kept_width: u32) -> Vec<u32> {
    let top = (largest_drawn.saturating_mul(3))
        .min(kept_width)
        .min(MAX_WIDTH)
        .max(1);
    let mut out: Vec<u32> = LADDER.iter().copied().filter(|&w| w < top).collect();
    // The top step: what a 3x screen needs (or all the photo has).
    if out.last().is_none_or(|&w| top > w) {
        out.push(top);
    }
    // A step close under the top one adds bytes and no sharpness.
    if out.len() >= 2 {
        let n = out.len();
        if out[n - 2] * 10 > out[n - 1] * 9 {
            out.remove(n - 2);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_focus_reads_as_percentages() {
        assert_eq!("50%,30%".parse(), Ok(Focus { x: 0.5, y: 0.3 }));
        assert_eq!(" 0% , 100% ".parse(), Ok(Focus { x: 0.0, y: 1.0 }));
        for wrong in ["50,30", "50%", "120%,3%", "a%,b%", ""] {
            let error = wrong.parse::<Focus>().unwrap_err();
            assert!(error.contains("e.g. 50%,30%"), "{error}");
        }
        assert_eq!(Focus { x: 0.5, y: 0.3 }.to_string(), "50%,30%");
    }

    #[test]
    fn a_crop_keeps_the_focus_in_view() {
        let wide = Ratio::of_slot("16:9");
        let square = Ratio::of_slot("1:1");
        // A 4000 x 3000 photo in a 16:9 frame: full width, 2250 high, centred.
        assert_eq!(
            crop(4000, 3000, wide, Focus::default()),
            (0, 375, 4000, 2250)
        );
        // Focus at the top: the crop starts at the top edge.
        assert_eq!(
            crop(4000, 3000, wide, Focus { x: 0.5, y: 0.0 }),
            (0, 0, 4000, 2250)
        );
        assert_eq!(
            crop(4000, 3000, wide, Focus { x: 0.5, y: 1.0 }),
            (0, 750, 4000, 2250)
        );
        // Square from landscape: full height, focus at 25% across.
        assert_eq!(
            crop(4000, 3000, square, Focus { x: 0.25, y: 0.5 }),
            (0, 0, 3000, 3000)
        );
        assert_eq!(
            crop(4000, 3000, square, Focus { x: 0.6, y: 0.5 }),
            (900, 0, 3000, 3000)
        );
        // A tall photo in a wide frame.
        assert_eq!(
            crop(3000, 4000, wide, Focus { x: 0.5, y: 0.3 }),
            (0, 357, 3000, 1687)
        );
        assert_eq!(Ratio::of_slot("fill"), wide);
    }

    #[test]
    fn widths_reach_three_times_the_drawn_size() {
        assert_eq!(widths(400, 4000), vec![240, 360, 480, 640, 800, 960, 1200]);
        assert_eq!(
            widths(1152, 5000),
            vec![240, 360, 480, 640, 800, 960, 1200, 1440, 1800, 2400]
        );
        // A small original: nothing wider than it is.
        assert_eq!(widths(1152, 700), vec![240, 360, 480, 700]);
        // 650 is within 10% of 640: one of them is enough.
        assert_eq!(widths(1152, 650), vec![240, 360, 480, 650]);
        assert_eq!(widths(100, 4000), vec![240, 300]);
    }
}
