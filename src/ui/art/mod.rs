//! The project's own card art, drawn in code with `tiny-skia` and written as PNG: the faces
//! and the back used as application emojis, the showdown picture, the stats chart and a
//! knockout's bracket. No font and no image file is read: the art is the same on every
//! machine, so its hash names it.

pub mod bracket;
pub mod chart;
pub mod glyphs;
pub mod showdown;

use crate::engine::{Card, Suit};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, PixmapPaint, Rect, Transform};

/// Which colours the suits wear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deck {
    /// Spades and clubs black, hearts and diamonds red.
    Classic,
    /// Spades black, hearts red, diamonds blue, clubs green: no two suits alike.
    FourColour,
}

impl Deck {
    pub const ALL: [Deck; 2] = [Deck::Classic, Deck::FourColour];

    /// The ink of a suit.
    pub fn ink(self, suit: Suit) -> Color {
        let (r, g, b) = match (self, suit) {
            (_, Suit::Spades) => (0x1b, 0x1b, 0x1f),
            (_, Suit::Hearts) => (0xc8, 0x10, 0x2e),
            (Deck::Classic, Suit::Diamonds) => (0xc8, 0x10, 0x2e),
            (Deck::Classic, Suit::Clubs) => (0x1b, 0x1b, 0x1f),
            (Deck::FourColour, Suit::Diamonds) => (0x1d, 0x5f, 0xc4),
            (Deck::FourColour, Suit::Clubs) => (0x16, 0x84, 0x38),
        };
        Color::from_rgba8(r, g, b, 0xff)
    }
}

/// What one emoji or one card picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    Card(Card),
    Back,
}

impl Face {
    /// The 53 faces of a deck: 52 cards and the back.
    pub fn all() -> impl Iterator<Item = Face> {
        Card::all().map(Face::Card).chain([Face::Back])
    }
}

/// The index printed on a card: international (`J`, `Q`, `K`), as on most decks.
pub fn index_text(c: Card) -> &'static str {
    [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ][c.rank() as usize]
}

pub fn paint(color: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color);
    p.anti_alias = true;
    p
}

pub fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color::from_rgba8(r, g, b, 0xff)
}

/// A rounded rectangle's outline.
pub fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<tiny_skia::Path> {
    let k = 0.447_715 * r; // control distance of a quarter circle's Bézier
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - k, y, x + w, y + k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + k, y + h, x, y + h - k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + k, x + k, y, x + r, y);
    pb.close();
    pb.finish()
}

/// Width of a card `height` pixels tall (3:4, a little wider than a real card so that the
/// index and the suit stay large at emoji size).
pub fn card_width(height: u32) -> u32 {
    height * 3 / 4
}

/// Draws one face, `height` pixels tall, into a new transparent pixmap. The index fills the
/// upper half and the suit the lower: at 22 pixels (an emoji in a line of text) both still
/// read.
pub fn draw_face(face: Face, deck: Deck, height: u32) -> Pixmap {
    let (w, h) = (card_width(height), height);
    let mut pm = Pixmap::new(w, h).expect("a card has a size");
    let (wf, hf) = (w as f32, h as f32);
    let edge = (hf / 64.0).max(1.0);
    let outline = rounded(edge / 2.0, edge / 2.0, wf - edge, hf - edge, hf * 0.09);
    let Some(outline) = outline else { return pm };
    match face {
        Face::Card(c) => {
            pm.fill_path(
                &outline,
                &paint(rgb(0xfd, 0xfc, 0xf7)),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
            let ink = paint(deck.ink(c.suit()));
            let margin = wf * 0.1;
            glyphs::index(
                &mut pm,
                index_text(c),
                margin,
                hf * 0.07,
                wf - 2.0 * margin,
                hf * 0.42,
                &ink,
            );
            let s = hf * 0.4;
            glyphs::suit(&mut pm, c.suit(), (wf - s) / 2.0, hf * 0.54, s, &ink);
        }
        Face::Back => {
            let blue = match deck {
                Deck::Classic => rgb(0x2a, 0x4b, 0x9b),
                Deck::FourColour => rgb(0x7a, 0x23, 0x3a),
            };
            pm.fill_path(
                &outline,
                &paint(blue),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
            let inset = wf * 0.12;
            if let Some(frame) =
                rounded(inset, inset, wf - 2.0 * inset, hf - 2.0 * inset, hf * 0.05)
            {
                let mut light = paint(rgb(0xf4, 0xf1, 0xe6));
                pm.stroke_path(
                    &frame,
                    &light,
                    &glyphs::pen(edge * 2.0),
                    Transform::identity(),
                    None,
                );
                // A lattice inside the frame.
                light.set_color(Color::from_rgba8(0xf4, 0xf1, 0xe6, 0x90));
                let mut pb = PathBuilder::new();
                let step = wf / 6.0;
                let mut d = -hf;
                while d < wf + hf {
                    pb.move_to(d, inset);
                    pb.line_to(d + (hf - 2.0 * inset), hf - inset);
                    pb.move_to(d, hf - inset);
                    pb.line_to(d + (hf - 2.0 * inset), inset);
                    d += step;
                }
                if let Some(lattice) = pb.finish() {
                    let clip = Rect::from_xywh(inset, inset, wf - 2.0 * inset, hf - 2.0 * inset);
                    let mut mask = tiny_skia::Mask::new(w, h).expect("size");
                    if let Some(clip) = clip {
                        mask.fill_path(
                            &PathBuilder::from_rect(clip),
                            FillRule::Winding,
                            true,
                            Transform::identity(),
                        );
                    }
                    pm.stroke_path(
                        &lattice,
                        &light,
                        &glyphs::pen(edge * 1.2),
                        Transform::identity(),
                        Some(&mask),
                    );
                }
            }
        }
    }
    pm.stroke_path(
        &outline,
        &paint(rgb(0x6b, 0x6b, 0x70)),
        &glyphs::pen(edge),
        Transform::identity(),
        None,
    );
    pm
}

/// A face drawn once per size and kept: the showdown picture stamps cached cards.
pub fn face(face: Face, deck: Deck, height: u32) -> Arc<Pixmap> {
    type Cache = Mutex<HashMap<(Face, Deck, u32), Arc<Pixmap>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Cache::default);
    if let Some(p) = cache.lock().expect("face cache").get(&(face, deck, height)) {
        return Arc::clone(p);
    }
    let drawn = Arc::new(draw_face(face, deck, height));
    cache
        .lock()
        .expect("face cache")
        .insert((face, deck, height), Arc::clone(&drawn));
    drawn
}

/// Stamps a cached face at (x, y).
pub fn stamp(pm: &mut Pixmap, f: Face, deck: Deck, height: u32, x: i32, y: i32) {
    let card = face(f, deck, height);
    pm.draw_pixmap(
        x,
        y,
        card.as_ref().as_ref(),
        &PixmapPaint::default(),
        Transform::identity(),
        None,
    );
}

/// The pixmap as a PNG (straight alpha, fast deflate: the pictures are flat colour, so the
/// fast mode compresses them almost as well as the slow one).
pub fn png(pm: &Pixmap) -> Vec<u8> {
    let mut rgba = Vec::with_capacity(pm.data().len());
    for p in pm.pixels() {
        let c = p.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    encode(
        pm,
        png::ColorType::Rgba,
        &rgba,
        png::Compression::Fast,
        None,
    )
}

/// A large opaque pixmap (drawn on a filled background: a full bracket) as a PNG without its
/// alpha, in the fastest deflate mode and every row Paeth-filtered: no search for the best
/// filter per row. For a bracket of 256 that is a tenth of [`png`]'s time (about 10 ms against
/// 100), for a file about as small.
pub fn opaque_png(pm: &Pixmap) -> Vec<u8> {
    let mut rgb = Vec::with_capacity(pm.data().len() / 4 * 3);
    for p in pm.pixels() {
        // Opaque: premultiplied and straight colour are the same.
        rgb.extend_from_slice(&[p.red(), p.green(), p.blue()]);
    }
    let paeth = Some(png::Filter::Paeth);
    encode(
        pm,
        png::ColorType::Rgb,
        &rgb,
        png::Compression::Fastest,
        paeth,
    )
}

fn encode(
    pm: &Pixmap,
    colour: png::ColorType,
    data: &[u8],
    compression: png::Compression,
    filter: Option<png::Filter>,
) -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
    enc.set_color(colour);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(compression);
    if let Some(filter) = filter {
        enc.set_filter(filter);
    }
    let mut writer = enc.write_header().expect("PNG header into memory");
    writer.write_image_data(data).expect("PNG data into memory");
    writer.finish().expect("PNG end into memory");
    out
}

/// The emoji image of a face: 96 x 128, well under Discord's 256 KB.
pub fn emoji_png(f: Face, deck: Deck) -> Vec<u8> {
    png(&draw_face(f, deck, EMOJI_HEIGHT))
}

pub const EMOJI_HEIGHT: u32 = 128;

/// Every face of both decks side by side, 13 to a row, for looking at the art by eye
/// (`cargo run --example cards`).
pub fn deck_sheet(height: u32) -> Vec<u8> {
    let (cw, ch) = (card_width(height) as i32, height as i32);
    let gap = (height / 8) as i32;
    let cols = 13;
    let rows_per_deck = 5; // four suits and the back
    let width = cols * (cw + gap) + gap;
    let rows = rows_per_deck * 2;
    let height_px = rows * (ch + gap) + gap;
    let mut pm = Pixmap::new(width as u32, height_px as u32).expect("sheet size");
    pm.fill(rgb(0x1f, 0x6b, 0x3a));
    for (d, deck) in Deck::ALL.into_iter().enumerate() {
        for f in Face::all() {
            let (row, col) = match f {
                Face::Card(c) => (c.suit().index() as i32, c.rank() as i32),
                Face::Back => (4, 0),
            };
            let row = row + d as i32 * rows_per_deck;
            stamp(
                &mut pm,
                f,
                deck,
                height,
                gap + col * (cw + gap),
                gap + row * (ch + gap),
            );
        }
    }
    png(&pm)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_emoji_is_a_png_well_within_discords_limit() {
        for deck in Deck::ALL {
            for f in [Face::Card(Card::from_index(9)), Face::Back] {
                let png = emoji_png(f, deck);
                assert_eq!(&png[1..4], b"PNG");
                assert!(png.len() < 256 * 1024 / 8, "{} bytes", png.len());
            }
        }
    }

    /// The README says how large the uploaded emojis are: the cards' largest and the backs'
    /// sizes in whole KB, as measured here.
    #[test]
    fn the_readme_states_the_emoji_sizes() {
        let kb = |n: usize| n.div_ceil(1024);
        let cards = Deck::ALL
            .iter()
            .flat_map(|&d| Card::all().map(move |c| emoji_png(Face::Card(c), d).len()))
            .max()
            .unwrap();
        let backs: Vec<usize> = Deck::ALL
            .iter()
            .map(|&d| emoji_png(Face::Back, d).len())
            .collect();
        let (lo, hi) = (
            backs.iter().min().unwrap() / 1024,
            kb(*backs.iter().max().unwrap()),
        );
        let said = format!("cards under {} KB, the backs {lo} to {hi} KB", kb(cards));
        let readme = include_str!("../../../README.md").replace('\n', " ");
        assert!(readme.contains(&said), "the README should say: {said}");
    }

    #[test]
    fn the_art_is_the_same_every_time_it_is_drawn() {
        let c = Face::Card(Card::from_index(40));
        assert_eq!(emoji_png(c, Deck::Classic), emoji_png(c, Deck::Classic));
        assert_ne!(emoji_png(c, Deck::Classic), emoji_png(c, Deck::FourColour));
    }

    #[test]
    fn the_four_colour_deck_gives_every_suit_its_own_ink() {
        let inks: Vec<_> = Suit::ALL
            .iter()
            .map(|&s| Deck::FourColour.ink(s).to_color_u8())
            .collect();
        for (i, a) in inks.iter().enumerate() {
            for b in &inks[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(
            Deck::Classic.ink(Suit::Clubs),
            Deck::Classic.ink(Suit::Spades)
        );
    }
}
