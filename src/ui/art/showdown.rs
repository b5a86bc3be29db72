//! The showdown as one picture: each hand's melds and deadwood in a row, the cards laid off
//! onto a meld shown at its end with a gold frame. The rows and words come from the
//! presentation layer; this file only lays them out.

use super::{card_width, glyphs, paint, png, rgb, rounded, stamp, Deck, Face};
use crate::engine::Card;
use tiny_skia::{Color, FillRule, Pixmap, Transform};

/// A group of cards side by side: a meld, or the deadwood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Each card, and whether it was laid off onto this meld by the other side.
    pub cards: Vec<(Card, bool)>,
    pub deadwood: bool,
}

/// One hand: a caption (name, what they did, deadwood) above its groups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub caption: String,
    pub groups: Vec<Group>,
}

/// A whole showdown picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub title: String,
    pub rows: Vec<Row>,
    pub footer: String,
    pub deck: Deck,
}

const CARD_H: u32 = 64;
const PAD: i32 = 16;
const CARD_GAP: i32 = 4;
const GROUP_GAP: i32 = 18;
const TEXT: f32 = 13.0;
const TITLE: f32 = 15.0;

fn felt() -> Color {
    rgb(0x1f, 0x6b, 0x3a)
}

fn ink() -> Color {
    rgb(0xf6, 0xf1, 0xdc)
}

fn gold() -> Color {
    rgb(0xf2, 0xc1, 0x2e)
}

fn row_width(row: &Row) -> i32 {
    let cw = card_width(CARD_H) as i32;
    let cards: i32 = row.groups.iter().map(|g| g.cards.len() as i32).sum();
    let groups = row.groups.len() as i32;
    let cards_w = cards * cw + (cards - groups).max(0) * CARD_GAP + (groups - 1).max(0) * GROUP_GAP;
    cards_w.max(glyphs::text_width(&row.caption, TEXT).ceil() as i32)
}

/// Lays the picture out and draws it.
pub fn draw(p: &Picture) -> Pixmap {
    let cw = card_width(CARD_H) as i32;
    let ch = CARD_H as i32;
    let line = TEXT as i32 + 8;
    let content_w = p
        .rows
        .iter()
        .map(row_width)
        .chain([
            glyphs::text_width(&p.title, TITLE).ceil() as i32,
            glyphs::text_width(&p.footer, TEXT).ceil() as i32,
        ])
        .max()
        .unwrap_or(0);
    let width = content_w + 2 * PAD;
    let height = PAD
        + TITLE as i32
        + 12
        + p.rows.len() as i32 * (line + ch + 14)
        + if p.footer.is_empty() { 0 } else { line }
        + PAD;
    let mut pm = Pixmap::new(width.max(1) as u32, height.max(1) as u32).expect("picture size");
    pm.fill(felt());
    let text_paint = paint(ink());
    glyphs::text(
        &mut pm,
        &p.title,
        PAD as f32,
        PAD as f32,
        TITLE,
        &text_paint,
    );
    let mut y = PAD + TITLE as i32 + 12;
    for row in &p.rows {
        glyphs::text(
            &mut pm,
            &row.caption,
            PAD as f32,
            y as f32,
            TEXT,
            &text_paint,
        );
        y += line;
        let mut x = PAD;
        for g in &row.groups {
            let w = g.cards.len() as i32 * (cw + CARD_GAP) - CARD_GAP;
            if g.deadwood {
                // The deadwood sits on a darker cloth, so it is told from the melds at a glance.
                if let Some(cloth) = rounded(
                    x as f32 - 4.0,
                    y as f32 - 4.0,
                    w as f32 + 8.0,
                    ch as f32 + 8.0,
                    6.0,
                ) {
                    pm.fill_path(
                        &cloth,
                        &paint(Color::from_rgba8(0, 0, 0, 0x55)),
                        FillRule::Winding,
                        Transform::identity(),
                        None,
                    );
                }
            }
            for &(card, laid_off) in &g.cards {
                stamp(&mut pm, Face::Card(card), p.deck, CARD_H, x, y);
                if laid_off {
                    if let Some(frame) = rounded(
                        x as f32 - 1.5,
                        y as f32 - 1.5,
                        cw as f32 + 3.0,
                        ch as f32 + 3.0,
                        7.0,
                    ) {
                        pm.stroke_path(
                            &frame,
                            &paint(gold()),
                            &glyphs::pen(3.0),
                            Transform::identity(),
                            None,
                        );
                    }
                }
                x += cw + CARD_GAP;
            }
            x += GROUP_GAP - CARD_GAP;
        }
        y += ch + 14;
    }
    if !p.footer.is_empty() {
        glyphs::text(
            &mut pm,
            &p.footer,
            PAD as f32,
            y as f32,
            TEXT,
            &paint(gold()),
        );
    }
    pm
}

/// The picture as a PNG file.
pub fn render(p: &Picture) -> Vec<u8> {
    png(&draw(p))
}

/// A typical knock for benchmarks and the example: both hands of 10 and 11 cards, a layoff.
pub fn sample() -> Picture {
    let c = |s: &str| s.parse::<Card>().expect("sample card");
    let cards = |list: &[&str], laid: &[&str]| {
        list.iter()
            .map(|s| (c(s), laid.contains(s)))
            .collect::<Vec<_>>()
    };
    Picture {
        title: "Hand 3 - Alice knocks, Bob defends".into(),
        rows: vec![
            Row {
                caption: "Alice - deadwood 4".into(),
                groups: vec![
                    Group {
                        cards: cards(&["5H", "6H", "7H", "8H"], &[]),
                        deadwood: false,
                    },
                    Group {
                        cards: cards(&["QS", "QD", "QC", "QH"], &["QH"]),
                        deadwood: false,
                    },
                    Group {
                        cards: cards(&["AC", "3S"], &[]),
                        deadwood: true,
                    },
                ],
            },
            Row {
                caption: "Bob - deadwood 21".into(),
                groups: vec![
                    Group {
                        cards: cards(&["2D", "3D", "4D"], &[]),
                        deadwood: false,
                    },
                    Group {
                        cards: cards(&["9C", "TC", "JC"], &[]),
                        deadwood: false,
                    },
                    Group {
                        cards: cards(&["KS", "7D", "4S"], &[]),
                        deadwood: true,
                    },
                ],
            },
        ],
        footer: "Alice scores 17".into(),
        deck: Deck::Classic,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_showdown_picture_is_a_small_png_as_wide_as_its_longest_row() {
        let p = sample();
        let pm = draw(&p);
        let widest = p.rows.iter().map(row_width).max().unwrap();
        assert_eq!(
            pm.width() as i32,
            widest.max(glyphs::text_width(&p.title, TITLE).ceil() as i32) + 2 * PAD
        );
        let bytes = render(&p);
        assert_eq!(&bytes[1..4], b"PNG");
        assert!(bytes.len() < 150 * 1024, "{} bytes", bytes.len());
    }
}
