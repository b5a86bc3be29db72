//! Writes the card art to look at by eye: `cargo run --example cards -- OUT_DIR` writes
//! `deck.png` (both decks, every face), `showdown.png` (a sample showdown picture),
//! `chart.png` (a sample stats chart) and one emoji-sized card.

use gin::ui::art::{self, chart, showdown, Deck, Face};
use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let out = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "cards".into()));
    std::fs::create_dir_all(&out)?;
    std::fs::write(out.join("deck.png"), art::deck_sheet(96))?;
    std::fs::write(
        out.join("showdown.png"),
        showdown::render(&showdown::sample()),
    )?;
    let mut four = showdown::sample();
    four.deck = Deck::FourColour;
    std::fs::write(
        out.join("showdown-four-colour.png"),
        showdown::render(&four),
    )?;
    let labels = chart::Labels {
        rating: "Rating".into(),
        net: "Net points".into(),
        matches: "Last 30 matches".into(),
    };
    std::fs::write(
        out.join("chart.png"),
        chart::render(&chart::sample(), &labels),
    )?;
    let ace = Face::Card("AS".parse().expect("a card"));
    std::fs::write(out.join("emoji-AS.png"), art::emoji_png(ace, Deck::Classic))?;
    println!(
        "wrote deck.png, showdown.png, showdown-four-colour.png, chart.png, emoji-AS.png to {}",
        out.display()
    );
    Ok(())
}
