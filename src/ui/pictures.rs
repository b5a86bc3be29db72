//! The pictures that go with public messages: the showdown as one image, and the stats
//! chart. Each is attached with a description (the picture in words, Discord's alt text);
//! the text of the message stays as it was.

use super::art::{chart, showdown, Deck};
use super::model::{Attachment, Msg};
use crate::engine::hand::{opponent_of, HandEnd};
use crate::engine::{Card, Meld, Seat, ShowdownKind};
use crate::games::{CardLook, Seats, ShowdownScene};
use crate::i18n::Lang;
use crate::store::RecentResult;
use crate::tr;

/// Discord's limit on an attachment's description.
const MAX_DESCRIPTION: usize = 1024;

/// The deck a look shows pictures in (`None`: text).
pub fn deck_of(look: CardLook) -> Option<Deck> {
    match look {
        CardLook::Pictures => Some(Deck::Classic),
        CardLook::FourColour => Some(Deck::FourColour),
        CardLook::Text => None,
    }
}

/// A message's text as plain words: no bold, no code marks, no emoji shortcodes.
pub fn plain(text: &str) -> String {
    let mut out: String = text
        .replace("**", "")
        .replace('`', "")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    if out.chars().count() > MAX_DESCRIPTION {
        out = out.chars().take(MAX_DESCRIPTION - 1).collect::<String>() + "…";
    }
    out
}

fn cards(list: impl IntoIterator<Item = Card>) -> Vec<(Card, bool)> {
    list.into_iter().map(|c| (c, false)).collect()
}

fn meld_group(m: &Meld, laid_off: &[Card]) -> showdown::Group {
    let mut g = showdown::Group {
        cards: cards(m.cards()),
        deadwood: false,
    };
    g.cards.extend(laid_off.iter().map(|&c| (c, true)));
    g
}

fn deadwood_group(set: crate::engine::CardSet) -> Option<showdown::Group> {
    let mut dead: Vec<Card> = set.iter().collect();
    dead.sort_by_key(|c| (c.rank(), c.suit()));
    (!dead.is_empty()).then(|| showdown::Group {
        cards: cards(dead),
        deadwood: true,
    })
}

/// The two rows of one knocked hand: the knocker's melds with the cards laid off onto them
/// (marked), then the defender's melds and what deadwood they kept.
pub(crate) fn knock_rows(
    lang: Lang,
    seats: &Seats,
    players: [Seat; 2],
    end: &HandEnd,
) -> Vec<showdown::Row> {
    let HandEnd::Knocked {
        knocker,
        showdown: s,
        ..
    } = end
    else {
        return Vec::new();
    };
    let defender = opponent_of(players, *knocker);
    let mut k = showdown::Row {
        caption: match s.kind {
            ShowdownKind::Gin => tr!(lang, "pic-gin", player = seats.name(*knocker).to_string()),
            _ => tr!(
                lang,
                "pic-knocks",
                player = seats.name(*knocker).to_string(),
                deadwood = s.knocker_deadwood
            ),
        },
        groups: Vec::new(),
    };
    for (i, m) in s.knocker_melds.iter().enumerate() {
        let laid: Vec<Card> = s
            .layoffs
            .iter()
            .filter(|l| l.onto == i)
            .map(|l| l.card)
            .collect();
        k.groups.push(meld_group(m, &laid));
    }
    k.groups.extend(deadwood_group(s.knocker_deadwood_cards));
    let mut d = showdown::Row {
        caption: tr!(
            lang,
            "pic-defends",
            player = seats.name(defender).to_string(),
            deadwood = s.defender_deadwood
        ),
        groups: s
            .defender_melds
            .iter()
            .map(|m| meld_group(m, &[]))
            .collect(),
    };
    d.groups.extend(deadwood_group(s.defender_deadwood_cards));
    vec![k, d]
}

/// The showdown picture of a finished deal, for the text `msg` already rendered from it
/// (its description), from the rows and footer its game draws (`drawn`, see
/// `render::showdown_rows`). `None` when the server shows text, and where the game draws no
/// picture of this deal (a dead hand, Team Gin's four hands, Rummy).
pub fn showdown_picture(
    s: &ShowdownScene,
    msg: &Msg,
    drawn: Option<(Vec<showdown::Row>, String)>,
) -> Option<Attachment> {
    let deck = deck_of(s.look)?;
    let (rows, footer) = drawn?;
    if rows.is_empty() {
        return None;
    }
    let picture = showdown::Picture {
        title: super::text::unescape(msg.content.lines().next().unwrap_or_default()),
        rows,
        footer,
        deck,
    };
    Some(Attachment {
        name: format!("showdown-{}.png", s.deal_no + 1),
        bytes: showdown::render(&picture),
        description: Some(plain(&super::text::unescape(&msg.content))),
    })
}

/// The stats chart of a player's recent matches, with the trend in words.
pub fn stats_chart(lang: Lang, name: &str, recent: &[RecentResult]) -> Option<Attachment> {
    if recent.is_empty() {
        return None;
    }
    let mut net = 0;
    let points: Vec<chart::Point> = recent
        .iter()
        .map(|r| {
            net += r.net;
            chart::Point {
                rating: r.rating,
                net,
            }
        })
        .collect();
    let labels = chart::Labels {
        rating: tr!(lang, "chart-rating"),
        net: tr!(lang, "chart-net"),
        matches: tr!(lang, "chart-matches", count = points.len()),
    };
    let (ratings, net) = chart::trend(&points);
    let rating = match ratings {
        Some((from, to)) => tr!(
            lang,
            "chart-rating-trend",
            from = from.round() as i64,
            to = to.round() as i64
        ),
        None => tr!(lang, "chart-rating-none"),
    };
    let description = tr!(
        lang,
        "chart-description",
        player = name.to_string(),
        count = points.len(),
        rating = rating,
        net = net
    );
    Some(Attachment {
        name: "stats.png".into(),
        bytes: chart::render(&points, &labels),
        description: Some(plain(&description)),
    })
}
