//! The drawing primitives of the card art: a stroke font of our own (capitals, digits and a
//! little punctuation, drawn on a 4 x 6 grid as polylines with round ends) and the four suit
//! shapes as Bézier outlines. Drawn in code, so the art needs no font file and no download.

use tiny_skia::{FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Stroke, Transform};

use crate::engine::Suit;

/// One glyph: polylines on the grid, x in 0..=4, y in 0..=6 (downwards).
type Glyph = &'static [&'static [(f32, f32)]];

const RING: &[(f32, f32)] = &[
    (1.0, 0.0),
    (3.0, 0.0),
    (4.0, 1.0),
    (4.0, 5.0),
    (3.0, 6.0),
    (1.0, 6.0),
    (0.0, 5.0),
    (0.0, 1.0),
    (1.0, 0.0),
];

/// The glyph of `c` (capitals; lower case is drawn as upper case), `None` if the font has none.
fn glyph(c: char) -> Option<Glyph> {
    Some(match c.to_ascii_uppercase() {
        '0' | 'O' => &[RING],
        '1' => &[
            &[(1.0, 1.2), (2.2, 0.0), (2.2, 6.0)],
            &[(1.0, 6.0), (3.4, 6.0)],
        ],
        '2' => &[&[
            (0.0, 1.2),
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 2.2),
            (0.0, 6.0),
            (4.0, 6.0),
        ]],
        '3' => &[&[
            (0.0, 0.0),
            (4.0, 0.0),
            (1.8, 2.6),
            (3.0, 2.6),
            (4.0, 3.6),
            (4.0, 5.0),
            (3.0, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
        ]],
        '4' => &[&[(3.0, 6.0), (3.0, 0.0), (0.0, 4.2), (4.0, 4.2)]],
        '5' => &[&[
            (4.0, 0.0),
            (0.4, 0.0),
            (0.2, 2.6),
            (3.0, 2.6),
            (4.0, 3.6),
            (4.0, 5.0),
            (3.0, 6.0),
            (0.0, 6.0),
        ]],
        '6' => &[&[
            (3.4, 0.0),
            (2.0, 0.0),
            (0.0, 2.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 3.6),
            (3.0, 2.6),
            (1.0, 2.6),
            (0.0, 3.6),
        ]],
        '7' => &[&[(0.0, 0.0), (4.0, 0.0), (1.4, 6.0)]],
        '8' => &[
            &[
                (1.0, 0.0),
                (3.0, 0.0),
                (3.8, 0.8),
                (3.8, 2.1),
                (3.0, 2.9),
                (1.0, 2.9),
                (0.2, 2.1),
                (0.2, 0.8),
                (1.0, 0.0),
            ],
            &[
                (1.0, 2.9),
                (3.0, 2.9),
                (4.0, 3.9),
                (4.0, 5.0),
                (3.0, 6.0),
                (1.0, 6.0),
                (0.0, 5.0),
                (0.0, 3.9),
                (1.0, 2.9),
            ],
        ],
        '9' => &[&[
            (0.6, 6.0),
            (2.0, 6.0),
            (4.0, 4.0),
            (4.0, 1.0),
            (3.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 2.4),
            (1.0, 3.4),
            (3.0, 3.4),
            (4.0, 2.4),
        ]],
        'A' => &[
            &[(0.0, 6.0), (2.0, 0.0), (4.0, 6.0)],
            &[(0.7, 4.0), (3.3, 4.0)],
        ],
        'B' => &[&[
            (0.0, 2.9),
            (2.8, 2.9),
            (3.6, 2.1),
            (3.6, 0.8),
            (2.8, 0.0),
            (0.0, 0.0),
            (0.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 3.9),
            (3.0, 2.9),
        ]],
        'C' => &[&[
            (4.0, 1.0),
            (3.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
        ]],
        'D' => &[&[
            (0.0, 0.0),
            (0.0, 6.0),
            (2.4, 6.0),
            (4.0, 4.4),
            (4.0, 1.6),
            (2.4, 0.0),
            (0.0, 0.0),
        ]],
        'E' => &[
            &[(4.0, 0.0), (0.0, 0.0), (0.0, 6.0), (4.0, 6.0)],
            &[(0.0, 3.0), (3.0, 3.0)],
        ],
        'F' => &[
            &[(4.0, 0.0), (0.0, 0.0), (0.0, 6.0)],
            &[(0.0, 3.0), (3.0, 3.0)],
        ],
        'G' => &[&[
            (4.0, 1.0),
            (3.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 3.4),
            (2.4, 3.4),
        ]],
        'H' => &[
            &[(0.0, 0.0), (0.0, 6.0)],
            &[(4.0, 0.0), (4.0, 6.0)],
            &[(0.0, 3.0), (4.0, 3.0)],
        ],
        'I' => &[
            &[(2.0, 0.0), (2.0, 6.0)],
            &[(1.0, 0.0), (3.0, 0.0)],
            &[(1.0, 6.0), (3.0, 6.0)],
        ],
        'J' => &[&[
            (1.4, 0.0),
            (4.0, 0.0),
            (4.0, 5.0),
            (3.0, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
        ]],
        'K' => &[
            &[(0.0, 0.0), (0.0, 6.0)],
            &[(4.0, 0.0), (0.0, 4.0)],
            &[(1.4, 2.6), (4.0, 6.0)],
        ],
        'L' => &[&[(0.0, 0.0), (0.0, 6.0), (4.0, 6.0)]],
        'M' => &[&[(0.0, 6.0), (0.0, 0.0), (2.0, 3.4), (4.0, 0.0), (4.0, 6.0)]],
        'N' => &[&[(0.0, 6.0), (0.0, 0.0), (4.0, 6.0), (4.0, 0.0)]],
        'P' => &[&[
            (0.0, 6.0),
            (0.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 2.2),
            (3.0, 3.2),
            (0.0, 3.2),
        ]],
        'Q' => &[RING, &[(2.4, 4.4), (4.2, 6.4)]],
        'R' => &[
            &[
                (0.0, 6.0),
                (0.0, 0.0),
                (3.0, 0.0),
                (4.0, 1.0),
                (4.0, 2.2),
                (3.0, 3.2),
                (0.0, 3.2),
            ],
            &[(2.0, 3.2), (4.0, 6.0)],
        ],
        'S' => &[&[
            (4.0, 1.0),
            (3.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 2.0),
            (1.0, 3.0),
            (3.0, 3.0),
            (4.0, 4.0),
            (4.0, 5.0),
            (3.0, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
        ]],
        'T' => &[&[(0.0, 0.0), (4.0, 0.0)], &[(2.0, 0.0), (2.0, 6.0)]],
        'U' => &[&[
            (0.0, 0.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 0.0),
        ]],
        'V' => &[&[(0.0, 0.0), (2.0, 6.0), (4.0, 0.0)]],
        'W' => &[&[(0.0, 0.0), (1.0, 6.0), (2.0, 2.4), (3.0, 6.0), (4.0, 0.0)]],
        'X' => &[&[(0.0, 0.0), (4.0, 6.0)], &[(4.0, 0.0), (0.0, 6.0)]],
        'Y' => &[
            &[(0.0, 0.0), (2.0, 3.0), (4.0, 0.0)],
            &[(2.0, 3.0), (2.0, 6.0)],
        ],
        'Z' => &[&[(0.0, 0.0), (4.0, 0.0), (0.0, 6.0), (4.0, 6.0)]],
        '-' => &[&[(1.0, 3.0), (3.0, 3.0)]],
        '+' => &[&[(0.6, 3.0), (3.4, 3.0)], &[(2.0, 1.6), (2.0, 4.4)]],
        '=' => &[&[(0.6, 2.2), (3.4, 2.2)], &[(0.6, 3.8), (3.4, 3.8)]],
        ':' => &[&[(2.0, 1.8), (2.0, 1.9)], &[(2.0, 5.1), (2.0, 5.2)]],
        '.' => &[&[(2.0, 5.9), (2.0, 6.0)]],
        ',' => &[&[(2.2, 5.4), (1.6, 6.6)]],
        '\'' => &[&[(2.0, 0.0), (2.0, 1.4)]],
        '/' => &[&[(4.0, 0.0), (0.0, 6.0)]],
        '!' => &[&[(2.0, 0.0), (2.0, 4.0)], &[(2.0, 5.9), (2.0, 6.0)]],
        '?' => &[
            &[
                (0.0, 1.0),
                (1.0, 0.0),
                (3.0, 0.0),
                (4.0, 1.0),
                (4.0, 2.0),
                (2.0, 3.6),
                (2.0, 4.2),
            ],
            &[(2.0, 5.9), (2.0, 6.0)],
        ],
        '(' => &[&[(3.0, -0.4), (1.6, 1.2), (1.6, 4.8), (3.0, 6.4)]],
        ')' => &[&[(1.0, -0.4), (2.4, 1.2), (2.4, 4.8), (1.0, 6.4)]],
        '[' => &[&[(3.0, -0.4), (1.4, -0.4), (1.4, 6.4), (3.0, 6.4)]],
        ']' => &[&[(1.0, -0.4), (2.6, -0.4), (2.6, 6.4), (1.0, 6.4)]],
        '#' => &[
            &[(1.4, 0.4), (0.8, 5.6)],
            &[(3.2, 0.4), (2.6, 5.6)],
            &[(0.2, 2.0), (4.0, 2.0)],
            &[(0.0, 4.0), (3.8, 4.0)],
        ],
        _ => return None,
    })
}

/// Text as the font can draw it: upper case, common accents dropped (`Ä` as `A`), other
/// characters left out; runs of spaces kept single.
pub fn drawable(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let mapped: &str = match c {
            'ä' | 'Ä' | 'á' | 'à' | 'â' | 'Á' | 'À' | 'Â' => "A",
            'ö' | 'Ö' | 'ó' | 'ò' | 'ô' | 'Ó' | 'Ò' | 'Ô' => "O",
            'ü' | 'Ü' | 'ú' | 'ù' | 'û' | 'Ú' | 'Ù' | 'Û' => "U",
            'é' | 'è' | 'ê' | 'É' | 'È' | 'Ê' => "E",
            'ß' => "SS",
            '→' => "-",
            '·' | '_' => " ",
            c if c.is_whitespace() => " ",
            c if glyph(c).is_some() => {
                out.push(c.to_ascii_uppercase());
                continue;
            }
            _ => continue,
        };
        if !(mapped == " " && out.ends_with(' ')) {
            out.push_str(mapped);
        }
    }
    out.trim().to_string()
}

/// The advance of one character at glyph height `size` (glyph width 4, spacing 1.6 units).
pub fn advance(size: f32) -> f32 {
    size * 5.6 / 6.0
}

/// Width of `text` as [`text`] draws it.
pub fn text_width(text: &str, size: f32) -> f32 {
    let n = drawable(text).chars().count() as f32;
    if n == 0.0 {
        0.0
    } else {
        n * advance(size) - size * 1.6 / 6.0
    }
}

/// Draws `text` with its top left corner at (x, y), glyphs `size` pixels tall; returns the
/// width drawn.
pub fn text(pixmap: &mut Pixmap, text: &str, x: f32, y: f32, size: f32, paint: &Paint) -> f32 {
    let stroke = pen(size * 0.13);
    let mut pb = PathBuilder::new();
    let scale = size / 6.0;
    let mut cx = x;
    for c in drawable(text).chars() {
        if let Some(g) = glyph(c) {
            for line in g {
                polyline(&mut pb, line, cx, y, scale, scale);
            }
        }
        cx += advance(size);
    }
    if let Some(path) = pb.finish() {
        pixmap.stroke_path(&path, paint, &stroke, Transform::identity(), None);
    }
    (cx - x - size * 1.6 / 6.0).max(0.0)
}

/// A card index (`A`, `10`, `K`) drawn in a box: glyphs condensed to fit `width`, `height`
/// tall, with a heavy stroke so that it reads at emoji size.
pub fn index(
    pixmap: &mut Pixmap,
    rank: &str,
    x: f32,
    y: f32,
    width: f32,
    height: f32,
    paint: &Paint,
) {
    let n = rank.chars().count() as f32;
    let gap = height * 0.12;
    let glyph_w = ((width - gap * (n - 1.0)) / n).min(height * 0.62);
    let total = glyph_w * n + gap * (n - 1.0);
    let mut cx = x + (width - total) / 2.0;
    let mut pb = PathBuilder::new();
    let stroke_w = height * 0.15;
    // The stroke's half width stays inside the box.
    let (sx, sy) = ((glyph_w - stroke_w) / 4.0, (height - stroke_w) / 6.0);
    for c in rank.chars() {
        if let Some(g) = glyph(c) {
            for line in g {
                polyline(
                    &mut pb,
                    line,
                    cx + stroke_w / 2.0,
                    y + stroke_w / 2.0,
                    sx,
                    sy,
                );
            }
        }
        cx += glyph_w + gap;
    }
    if let Some(path) = pb.finish() {
        pixmap.stroke_path(&path, paint, &pen(stroke_w), Transform::identity(), None);
    }
}

/// `line` scaled by (sx, sy) and moved to (x, y), as one open subpath of `pb`.
pub(super) fn polyline(
    pb: &mut PathBuilder,
    line: &[(f32, f32)],
    x: f32,
    y: f32,
    sx: f32,
    sy: f32,
) {
    for (i, &(px, py)) in line.iter().enumerate() {
        let (px, py) = (x + px * sx, y + py * sy);
        if i == 0 {
            pb.move_to(px, py);
        } else {
            pb.line_to(px, py);
        }
    }
}

/// A round-ended pen, so that a two-point line is a dot and corners are soft.
pub fn pen(width: f32) -> Stroke {
    Stroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    }
}

/// A suit's outline in the unit square.
fn suit_path(suit: Suit) -> Option<Path> {
    let mut pb = PathBuilder::new();
    match suit {
        Suit::Hearts => {
            pb.move_to(0.5, 0.96);
            pb.cubic_to(0.22, 0.72, 0.0, 0.52, 0.0, 0.29);
            pb.cubic_to(0.0, 0.11, 0.13, 0.02, 0.27, 0.02);
            pb.cubic_to(0.38, 0.02, 0.46, 0.09, 0.5, 0.19);
            pb.cubic_to(0.54, 0.09, 0.62, 0.02, 0.73, 0.02);
            pb.cubic_to(0.87, 0.02, 1.0, 0.11, 1.0, 0.29);
            pb.cubic_to(1.0, 0.52, 0.78, 0.72, 0.5, 0.96);
            pb.close();
        }
        Suit::Diamonds => {
            pb.move_to(0.5, 0.0);
            pb.quad_to(0.7, 0.3, 0.88, 0.5);
            pb.quad_to(0.7, 0.7, 0.5, 1.0);
            pb.quad_to(0.3, 0.7, 0.12, 0.5);
            pb.quad_to(0.3, 0.3, 0.5, 0.0);
            pb.close();
        }
        Suit::Spades => {
            pb.move_to(0.5, 0.0);
            pb.cubic_to(0.78, 0.26, 1.0, 0.42, 1.0, 0.6);
            pb.cubic_to(1.0, 0.75, 0.88, 0.84, 0.75, 0.84);
            pb.cubic_to(0.65, 0.84, 0.57, 0.79, 0.53, 0.72);
            pb.line_to(0.64, 1.0);
            pb.line_to(0.36, 1.0);
            pb.line_to(0.47, 0.72);
            pb.cubic_to(0.43, 0.79, 0.35, 0.84, 0.25, 0.84);
            pb.cubic_to(0.12, 0.84, 0.0, 0.75, 0.0, 0.6);
            pb.cubic_to(0.0, 0.42, 0.22, 0.26, 0.5, 0.0);
            pb.close();
        }
        Suit::Clubs => {
            pb.push_circle(0.5, 0.25, 0.22);
            pb.push_circle(0.25, 0.58, 0.22);
            pb.push_circle(0.75, 0.58, 0.22);
            pb.push_circle(0.5, 0.52, 0.14);
            pb.move_to(0.5, 0.5);
            pb.line_to(0.64, 1.0);
            pb.line_to(0.36, 1.0);
            pb.close();
        }
    }
    pb.finish()
}

/// Fills the suit shape into the square at (x, y) of side `size`.
pub fn suit(pixmap: &mut Pixmap, suit: Suit, x: f32, y: f32, size: f32, paint: &Paint) {
    if let Some(path) = suit_path(suit) {
        let t = Transform::from_row(size, 0.0, 0.0, size, x, y);
        pixmap.fill_path(&path, paint, FillRule::Winding, t, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_and_label_character_has_a_glyph() {
        for c in "A2345678910JQKBD ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-+:./()".chars() {
            assert!(c == ' ' || glyph(c).is_some(), "no glyph for {c:?}");
        }
    }

    #[test]
    fn text_is_reduced_to_what_the_font_draws() {
        assert_eq!(drawable("Jörg  Müller"), "JORG MULLER");
        assert_eq!(drawable("Straße 7 🂡"), "STRASSE 7");
        assert_eq!(drawable("日本"), "");
    }
}
