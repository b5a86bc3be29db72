//! `/gin stats` as a picture: the player's rating after each of their recent matches with its
//! uncertainty band (two rating deviations either side), and their running net points, drawn
//! with the same rasterizer and stroke font as the cards.

use super::{glyphs, paint, png, rgb};
use tiny_skia::{Color, FillRule, PathBuilder, Pixmap, Rect, Transform};

/// One ended match, oldest first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Rating and deviation after the match (`None`: unrated, e.g. against the AI).
    pub rating: Option<(f64, f64)>,
    /// Net points summed over the shown matches up to this one.
    pub net: i64,
}

/// The words the chart prints (already in the reader's language).
#[derive(Clone, Debug, Default)]
pub struct Labels {
    pub rating: String,
    pub net: String,
    pub matches: String,
}

const W: u32 = 640;
const PANEL_H: f32 = 130.0;
const LEFT: f32 = 64.0;
const RIGHT: f32 = 16.0;
const TOP: f32 = 14.0;
const TEXT: f32 = 11.0;

fn background() -> Color {
    rgb(0x1e, 0x21, 0x26)
}

/// A panel: its box in the picture and the value range it shows.
struct Panel {
    x0: f32,
    y0: f32,
    w: f32,
    h: f32,
    lo: f64,
    hi: f64,
    n: usize,
}

impl Panel {
    fn x(&self, i: usize) -> f32 {
        if self.n <= 1 {
            self.x0 + self.w / 2.0
        } else {
            self.x0 + self.w * i as f32 / (self.n - 1) as f32
        }
    }

    fn y(&self, v: f64) -> f32 {
        let t = ((v - self.lo) / (self.hi - self.lo)).clamp(0.0, 1.0);
        self.y0 + self.h - self.h * t as f32
    }

    fn frame(&self, pm: &mut Pixmap, title: &str) {
        let grid = paint(rgb(0x3a, 0x3f, 0x47));
        let mut pb = PathBuilder::new();
        for k in 0..=2 {
            let y = self.y0 + self.h * k as f32 / 2.0;
            pb.move_to(self.x0, y);
            pb.line_to(self.x0 + self.w, y);
        }
        if let Some(path) = pb.finish() {
            pm.stroke_path(&path, &grid, &glyphs::pen(1.0), Transform::identity(), None);
        }
        let label = paint(rgb(0xb8, 0xbd, 0xc6));
        for (v, y) in [(self.hi, self.y0), (self.lo, self.y0 + self.h - TEXT)] {
            let text = format!("{}", v.round() as i64);
            let w = glyphs::text_width(&text, TEXT);
            glyphs::text(pm, &text, self.x0 - 8.0 - w, y, TEXT, &label);
        }
        glyphs::text(
            pm,
            title,
            self.x0 + 6.0,
            self.y0 + 6.0,
            TEXT,
            &paint(rgb(0xe8, 0xea, 0xee)),
        );
    }
}

/// A range that holds `values` with a margin, never empty.
fn range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::MAX, f64::MIN);
    for v in values {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if lo > hi {
        return (-1.0, 1.0);
    }
    let pad = ((hi - lo) * 0.08).max(1.0);
    (lo - pad, hi + pad)
}

/// The values of `points` as a line in `colour`; one point (a line needs two) as a dot with
/// its number beside it.
fn plot(pm: &mut Pixmap, points: &[(f32, f32)], values: &[String], colour: Color) {
    let pen = paint(colour);
    if let ([(x, y)], [value]) = (points, values) {
        if let Some(dot) = PathBuilder::from_circle(*x, *y, 4.0) {
            pm.fill_path(&dot, &pen, FillRule::Winding, Transform::identity(), None);
        }
        glyphs::text(pm, value, x + 9.0, y - TEXT / 2.0, TEXT, &pen);
        return;
    }
    let mut pb = PathBuilder::new();
    glyphs::polyline(&mut pb, points, 0.0, 0.0, 1.0, 1.0);
    if let Some(path) = pb.finish() {
        pm.stroke_path(&path, &pen, &glyphs::pen(2.5), Transform::identity(), None);
    }
}

/// Draws the chart.
pub fn draw(points: &[Point], labels: &Labels) -> Pixmap {
    let height = (TOP + PANEL_H + 28.0 + PANEL_H + 30.0) as u32;
    let mut pm = Pixmap::new(W, height).expect("chart size");
    pm.fill(background());
    let n = points.len();
    let w = W as f32 - LEFT - RIGHT;
    let rated: Vec<(usize, f64, f64)> = points
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.rating.map(|(r, d)| (i, r, d)))
        .collect();
    let (lo, hi) = range(
        rated
            .iter()
            .flat_map(|&(_, r, d)| [r - 2.0 * d, r + 2.0 * d]),
    );
    let top = Panel {
        x0: LEFT,
        y0: TOP,
        w,
        h: PANEL_H,
        lo,
        hi,
        n,
    };
    top.frame(&mut pm, &labels.rating);
    let band = paint(Color::from_rgba8(0x5b, 0x8d, 0xef, 0x48));
    if let [(i, r, d)] = rated[..] {
        // One rated match: its band as a bar (a band one point wide has no area to fill).
        let (x, y0, y1) = (top.x(i), top.y(r + 2.0 * d), top.y(r - 2.0 * d));
        if let Some(bar) = Rect::from_ltrb(x - 8.0, y0, x + 8.0, y1) {
            pm.fill_rect(bar, &band, Transform::identity(), None);
        }
    } else if !rated.is_empty() {
        // The band: upper edge left to right, lower edge back.
        let mut pb = PathBuilder::new();
        for (k, &(i, r, d)) in rated.iter().enumerate() {
            let (x, y) = (top.x(i), top.y(r + 2.0 * d));
            if k == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        for &(i, r, d) in rated.iter().rev() {
            pb.line_to(top.x(i), top.y(r - 2.0 * d));
        }
        pb.close();
        if let Some(path) = pb.finish() {
            pm.fill_path(&path, &band, FillRule::Winding, Transform::identity(), None);
        }
    }
    let line: Vec<(f32, f32)> = rated
        .iter()
        .map(|&(i, r, _)| (top.x(i), top.y(r)))
        .collect();
    let values: Vec<String> = rated
        .iter()
        .map(|&(_, r, _)| format!("{}", r.round() as i64))
        .collect();
    plot(&mut pm, &line, &values, rgb(0x8f, 0xb4, 0xff));
    let (lo, hi) = range(points.iter().map(|p| p.net as f64).chain([0.0]));
    let bottom = Panel {
        x0: LEFT,
        y0: TOP + PANEL_H + 28.0,
        w,
        h: PANEL_H,
        lo,
        hi,
        n,
    };
    bottom.frame(&mut pm, &labels.net);
    let zero = bottom.y(0.0);
    if let Some(r) = Rect::from_xywh(LEFT, zero - 0.5, w, 1.0) {
        pm.fill_rect(
            r,
            &paint(rgb(0x80, 0x86, 0x90)),
            Transform::identity(),
            None,
        );
    }
    let line: Vec<(f32, f32)> = points
        .iter()
        .enumerate()
        .map(|(i, p)| (bottom.x(i), bottom.y(p.net as f64)))
        .collect();
    let colour = match points.last() {
        Some(p) if p.net < 0 => rgb(0xf0, 0x6a, 0x6a),
        _ => rgb(0x6a, 0xd4, 0x8a),
    };
    let values: Vec<String> = points.iter().map(|p| format!("{:+}", p.net)).collect();
    plot(&mut pm, &line, &values, colour);
    let caption = paint(rgb(0xb8, 0xbd, 0xc6));
    let y = bottom.y0 + PANEL_H + 10.0;
    glyphs::text(&mut pm, &labels.matches, LEFT, y, TEXT, &caption);
    pm
}

/// The chart as a PNG file.
pub fn render(points: &[Point], labels: &Labels) -> Vec<u8> {
    png(&draw(points, labels))
}

/// A trend in words for the picture's description: first and last rating, net total.
pub fn trend(points: &[Point]) -> (Option<(f64, f64)>, i64) {
    let rated: Vec<f64> = points
        .iter()
        .filter_map(|p| p.rating.map(|r| r.0))
        .collect();
    let ratings = match (rated.first(), rated.last()) {
        (Some(&a), Some(&b)) => Some((a, b)),
        _ => None,
    };
    (ratings, points.last().map_or(0, |p| p.net))
}

/// Thirty matches of a player who climbs, for benchmarks and the example.
pub fn sample() -> Vec<Point> {
    let mut net = 0;
    (0..30)
        .map(|i| {
            net += if i % 3 == 0 { -40 } else { 55 };
            Point {
                rating: (i % 7 != 3).then_some((1500.0 + i as f64 * 9.0, 300.0 - i as f64 * 6.0)),
                net,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_is_drawn_for_one_match_many_or_none_rated() {
        let labels = Labels::default();
        for points in [
            sample(),
            sample()[..1].to_vec(),
            vec![Point {
                rating: None,
                net: -5,
            }],
            vec![],
        ] {
            let png = render(&points, &labels);
            assert_eq!(&png[1..4], b"PNG");
            assert!(png.len() < 150 * 1024);
        }
    }

    /// One rated match: its band is a bar either side of the dot (not an empty path that
    /// cannot be filled), and the rating and the net points are written beside their dots.
    #[test]
    fn one_rated_match_is_drawn_as_a_band_and_numbered_dots() {
        let point = Point {
            rating: Some((1500.0, 350.0)),
            net: 25,
        };
        let pm = draw(&[point], &Labels::default());
        let x = (LEFT + (W as f32 - LEFT - RIGHT) / 2.0) as u32;
        let y = (TOP + PANEL_H / 2.0) as u32;
        let at = |x: u32, y: u32| pm.pixel(x, y).unwrap();
        let bg = background().to_color_u8().premultiply();
        // Beside the dot, within the band's height: the bar.
        assert_ne!(at(x + 6, y - 20), bg, "the band is drawn");
        // Right of the dot: its number, in the line's light blue.
        let written = (x + 9..x + 48)
            .flat_map(|x| (y - 8..y + 8).map(move |y| (x, y)))
            .any(|(x, y)| at(x, y).blue() > 0x90);
        assert!(written, "the rating is written");
    }

    #[test]
    fn the_trend_reads_the_first_and_last_rating_and_the_net_total() {
        let (ratings, net) = trend(&sample());
        assert_eq!(ratings, Some((1500.0, 1500.0 + 29.0 * 9.0)));
        assert_eq!(net, sample().last().unwrap().net);
    }
}
