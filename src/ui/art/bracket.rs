//! A knockout's bracket as one picture: a column per round, each match a box of two lines
//! (seed and name) joined to the line its winner takes in the next round, and the event's
//! winner at the end. The words come from the presentation layer; names are drawn in the
//! cards' stroke font (capitals; a name it cannot draw at all shows as its seed alone).

use super::{glyphs, opaque_png, paint, rgb, rounded};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect, Transform};

/// A whole bracket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub title: String,
    /// Each round's name, first round first.
    pub heads: Vec<String>,
    /// The matches of each round; round k has half the matches of round k-1.
    pub rounds: Vec<Vec<Match>>,
    /// The head of the winner's column, and the winner once known.
    pub winner_head: String,
    pub winner: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub top: Side,
    pub bottom: Side,
}

/// One line of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    pub seed: Option<u32>,
    /// The entrant's name, the word for a bye, or empty for a place still open.
    pub name: String,
    pub mark: Mark,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Won,
    Lost,
    /// In the match, not decided yet.
    Playing,
    /// A bye, or a place the winner of an earlier match takes.
    Empty,
}

/// One line of a first-round match (a bracket of 256 is 256 lines tall).
const ROW: f32 = 18.0;
const TEXT: f32 = 10.0;
const TITLE: f32 = 16.0;
const BOX_W: f32 = 170.0;
/// The seed's column at the left of a box.
const SEED_W: f32 = 28.0;
const GAP: f32 = 30.0;
const MARGIN: f32 = 16.0;
/// Where the round heads are written, and where the first line starts.
const HEADS_Y: f32 = MARGIN + TITLE + 12.0;
const TOP: f32 = HEADS_Y + TEXT + 10.0;

fn felt() -> Color {
    rgb(0x1f, 0x6b, 0x3a)
}

fn box_colour() -> Color {
    rgb(0x16, 0x4f, 0x2b)
}

fn ink() -> Color {
    rgb(0xf6, 0xf1, 0xdc)
}

fn dim() -> Color {
    rgb(0x9c, 0xbc, 0xa5)
}

fn gold() -> Color {
    rgb(0xf2, 0xc1, 0x2e)
}

/// The size of the picture of `p`.
fn size(p: &Picture) -> (u32, u32) {
    let lines = p.rounds.first().map_or(2, |r| r.len().max(1) * 2) as f32;
    let columns = p.rounds.len() as f32;
    let bracket_w = 2.0 * MARGIN + columns * (BOX_W + GAP) + BOX_W;
    let title_w = 2.0 * MARGIN + glyphs::text_width(&p.title, TITLE);
    let w = bracket_w.max(title_w).ceil() as u32;
    let h = (TOP + lines * ROW + MARGIN).ceil() as u32;
    (w, h)
}

/// The left edge of round `r`'s column (the winner's column is `r == rounds`).
fn column_x(r: usize) -> f32 {
    MARGIN + r as f32 * (BOX_W + GAP)
}

/// The middle of match `k` of round `r`: between its two lines, which sit in the middle of
/// the first-round lines whose winners it gathers.
fn centre_y(r: usize, k: usize) -> f32 {
    let span = (1usize << (r + 1)) as f32;
    TOP + (k as f32 * span + span / 2.0) * ROW
}

/// `name` cut to what fits in `width` at `size`, a cut name ending in a dot.
fn fitted(name: &str, width: f32, size: f32) -> String {
    let drawable = glyphs::drawable(name);
    let most = (width / glyphs::advance(size)).floor().max(1.0) as usize;
    if drawable.chars().count() <= most {
        return drawable;
    }
    let cut: String = drawable.chars().take(most - 1).collect();
    format!("{}.", cut.trim_end())
}

/// One line of a box, its top at `y`.
fn side(pm: &mut Pixmap, s: &Side, x: f32, y: f32) {
    let colour = match s.mark {
        Mark::Won => ink(),
        Mark::Playing => ink(),
        Mark::Lost | Mark::Empty => dim(),
    };
    if s.mark == Mark::Won {
        if let Some(bar) = Rect::from_xywh(x + 1.0, y + 2.0, 3.0, ROW - 4.0) {
            pm.fill_rect(bar, &paint(gold()), Transform::identity(), None);
        }
    }
    let ty = y + (ROW - TEXT) / 2.0;
    if let Some(seed) = s.seed {
        let text = seed.to_string();
        let w = glyphs::text_width(&text, TEXT * 0.8);
        let sy = ty + TEXT * 0.1;
        glyphs::text(
            pm,
            &text,
            x + SEED_W - 8.0 - w,
            sy,
            TEXT * 0.8,
            &paint(dim()),
        );
    }
    let name = fitted(&s.name, BOX_W - SEED_W - 6.0, TEXT);
    glyphs::text(pm, &name, x + SEED_W, ty, TEXT, &paint(colour));
}

/// A box `lines` tall (one or two) with its middle at `y`, a little shorter, so that two
/// boxes of the first round never touch.
fn frame(pm: &mut Pixmap, x: f32, y: f32, lines: f32, edge: &Paint) {
    let h = lines * ROW - 4.0;
    if let Some(outline) = rounded(x, y - h / 2.0, BOX_W, h, 4.0) {
        let id = Transform::identity();
        pm.fill_path(&outline, &paint(box_colour()), FillRule::Winding, id, None);
        pm.stroke_path(&outline, edge, &glyphs::pen(1.0), id, None);
    }
}

/// Lays the bracket out and draws it.
pub fn draw(p: &Picture) -> Pixmap {
    let (w, h) = size(p);
    let mut pm = Pixmap::new(w, h).expect("a bracket has a size");
    pm.fill(felt());
    glyphs::text(&mut pm, &p.title, MARGIN, MARGIN, TITLE, &paint(gold()));
    let edge = paint(rgb(0x3d, 0x8f, 0x5a));
    let mut joins = PathBuilder::new();
    let last = p.rounds.len();
    for (r, matches) in p.rounds.iter().enumerate() {
        let x = column_x(r);
        if let Some(head) = p.heads.get(r) {
            glyphs::text(&mut pm, head, x, HEADS_Y, TEXT, &paint(ink()));
        }
        for (k, m) in matches.iter().enumerate() {
            let y = centre_y(r, k);
            frame(&mut pm, x, y, 2.0, &edge);
            if let Some(rule) = Rect::from_xywh(x + 4.0, y - 0.5, BOX_W - 8.0, 1.0) {
                pm.fill_rect(rule, &edge, Transform::identity(), None);
            }
            side(&mut pm, &m.top, x, y - ROW);
            side(&mut pm, &m.bottom, x, y);
            // To the line the winner takes: the next match's upper or lower line, or the
            // winner's box after the final.
            let to = if r + 1 == last {
                y
            } else {
                let next = centre_y(r + 1, k / 2);
                if k % 2 == 0 {
                    next - ROW / 2.0
                } else {
                    next + ROW / 2.0
                }
            };
            let (from_x, mid_x) = (x + BOX_W, x + BOX_W + GAP / 2.0);
            joins.move_to(from_x, y);
            joins.line_to(mid_x, y);
            joins.line_to(mid_x, to);
            joins.line_to(x + BOX_W + GAP, to);
        }
    }
    if let Some(path) = joins.finish() {
        let pen = paint(rgb(0xa8, 0xc8, 0xb0));
        pm.stroke_path(&path, &pen, &glyphs::pen(1.5), Transform::identity(), None);
    }
    if last > 0 {
        let (x, y) = (column_x(last), centre_y(last - 1, 0));
        glyphs::text(&mut pm, &p.winner_head, x, HEADS_Y, TEXT, &paint(gold()));
        frame(&mut pm, x, y, 1.0, &paint(gold()));
        if let Some(name) = &p.winner {
            let name = fitted(name, BOX_W - 12.0, TEXT);
            glyphs::text(
                &mut pm,
                &name,
                x + 8.0,
                y - TEXT / 2.0,
                TEXT,
                &paint(gold()),
            );
        }
    }
    pm
}

/// The bracket as a PNG file.
pub fn render(p: &Picture) -> Vec<u8> {
    opaque_png(&draw(p))
}

/// A full bracket of `n` entrants (a power of two), its first round decided: for the
/// benchmark, the example and the tests.
pub fn sample(n: usize) -> Picture {
    let side = |seed: usize, mark| Side {
        seed: Some(seed as u32),
        name: format!("Player {seed}"),
        mark,
    };
    let open = || Side {
        seed: None,
        name: String::new(),
        mark: Mark::Empty,
    };
    let mut rounds = vec![(0..n / 2)
        .map(|k| Match {
            top: side(k + 1, Mark::Won),
            bottom: side(n - k, Mark::Lost),
        })
        .collect::<Vec<_>>()];
    while rounds.last().is_some_and(|r| r.len() > 1) {
        let before = rounds.last().map_or(0, Vec::len);
        rounds.push(
            (0..before / 2)
                .map(|_| Match {
                    top: open(),
                    bottom: open(),
                })
                .collect(),
        );
    }
    Picture {
        title: "Sample bracket".into(),
        heads: (1..=rounds.len()).map(|r| format!("Round {r}")).collect(),
        rounds,
        winner_head: "Winner".into(),
        winner: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_cut_to_their_box() {
        assert_eq!(fitted("Anna", 100.0, TEXT), "ANNA");
        let cut = fitted("Maximilian Alexander von Humboldt", 100.0, TEXT);
        assert!(cut.ends_with('.'), "{cut}");
        assert!(glyphs::text_width(&cut, TEXT) <= 100.0, "{cut}");
        assert_eq!(fitted("日本", 100.0, TEXT), "");
    }

    #[test]
    fn a_match_sits_between_the_two_it_gathers() {
        // Matches 0 and 1 of round 1 feed match 0 of round 2, whose two lines sit between.
        let next = centre_y(1, 0);
        assert_eq!(centre_y(0, 0), next - ROW);
        assert_eq!(centre_y(0, 1), next + ROW);
        assert_eq!(size(&sample(2)).1, (TOP + 2.0 * ROW + MARGIN).ceil() as u32);
    }

    #[test]
    fn the_largest_bracket_is_a_png_of_a_sane_size() {
        let png = render(&sample(256));
        assert_eq!(&png[1..4], b"PNG");
        let decoder = ::png::Decoder::new(std::io::Cursor::new(&png));
        let reader = decoder.read_info().expect("a PNG that decodes");
        let (w, h) = (reader.info().width, reader.info().height);
        assert_eq!((w, h), size(&sample(256)));
        assert!(w < 2000 && h < 5000, "{w} x {h}");
        // Discord takes 10 MB; flat colour compresses far below.
        assert!(png.len() < 2 * 1024 * 1024, "{} bytes", png.len());
    }
}
