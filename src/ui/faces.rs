//! Cards as pictures: the application's card emojis (which to upload, what is there) and the
//! dressing of a rendered message, whose card names (`10♥`) become those emojis in the text,
//! on buttons and in menus. Text stays the fallback: a message without a deck, a deck whose
//! emojis are not all there, or a text that would grow past Discord's 2,000 characters is
//! sent as rendered.

use super::art::{self, Deck, Face};
use super::model::{Emoji, Msg, Response};
use crate::engine::{Card, Suit};
use sha2::{Digest, Sha256};
use std::collections::HashMap;

/// Every emoji name of ours starts so; other emojis of the application are left alone.
const PREFIX: &str = "gin_";

/// Raised when the art changes on purpose (the pixels name the rest).
const ART_VERSION: u32 = 1;

/// Discord's limit on an application's emojis.
pub const MAX_APP_EMOJIS: usize = 2000;

fn deck_code(deck: Deck) -> &'static str {
    match deck {
        Deck::Classic => "c",
        Deck::FourColour => "f",
    }
}

fn face_code(face: Face) -> String {
    match face {
        Face::Card(c) => c.to_string(),
        Face::Back => "BK".to_string(),
    }
}

/// One emoji the bot wants: its name carries a short hash of its picture, so that a change
/// of the art renames it and the sync replaces exactly the changed ones.
#[derive(Clone, Debug)]
pub struct Wanted {
    pub face: Face,
    pub deck: Deck,
    pub name: String,
    pub png: Vec<u8>,
}

/// The emojis of both decks as the art draws them now (106).
pub fn wanted() -> Vec<Wanted> {
    Deck::ALL
        .into_iter()
        .flat_map(|deck| Face::all().map(move |face| (deck, face)))
        .map(|(deck, face)| {
            let pixmap = art::draw_face(face, deck, art::EMOJI_HEIGHT);
            // The pixels and the art's version name the picture, not the PNG encoder's bytes:
            // an update of the encoder renames nothing.
            let mut digest = Sha256::new();
            digest.update(ART_VERSION.to_le_bytes());
            digest.update(pixmap.data());
            let hash = hex::encode(&digest.finalize()[..4]);
            let png = art::png(&pixmap);
            Wanted {
                face,
                deck,
                name: format!("{PREFIX}{}_{}_{hash}", deck_code(deck), face_code(face)),
                png,
            }
        })
        .collect()
}

/// The face and deck an emoji name of ours shows (any hash).
pub fn parse_name(name: &str) -> Option<(Deck, Face)> {
    let mut parts = name.strip_prefix(PREFIX)?.split('_');
    let deck = match parts.next()? {
        "c" => Deck::Classic,
        "f" => Deck::FourColour,
        _ => return None,
    };
    let face = match parts.next()? {
        "BK" => Face::Back,
        code => Face::Card(code.parse().ok()?),
    };
    let hash = parts.next()?;
    (hash.len() == 8 && parts.next().is_none()).then_some((deck, face))
}

/// The card an emoji in a message text (`<:gin_c_TH_1a2b3c4d:123>`) shows.
pub fn card_of_markup(token: &str) -> Option<Card> {
    let inner = token.strip_prefix("<:")?.strip_suffix('>')?;
    let (name, _id) = inner.rsplit_once(':')?;
    match parse_name(name)? {
        (_, Face::Card(c)) => Some(c),
        (_, Face::Back) => None,
    }
}

/// What the sync does: keep what is there, delete our emojis the art no longer draws, create
/// what is missing (the deletions first, so the limit is never passed on the way).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Indices into the wanted list, with the id of the emoji already there.
    pub keep: Vec<(usize, u64)>,
    pub delete: Vec<u64>,
    /// Indices into the wanted list.
    pub create: Vec<usize>,
    /// Wanted emojis left out because the application would pass its limit.
    pub over_limit: usize,
}

/// Compares the application's emojis `(id, name)` with the wanted ones.
pub fn plan(existing: &[(u64, String)], wanted: &[Wanted]) -> Plan {
    let by_name: HashMap<&str, usize> = wanted
        .iter()
        .enumerate()
        .map(|(i, w)| (w.name.as_str(), i))
        .collect();
    let mut p = Plan::default();
    let mut present = vec![false; wanted.len()];
    for (id, name) in existing {
        match by_name.get(name.as_str()) {
            Some(&i) if !present[i] => {
                present[i] = true;
                p.keep.push((i, *id));
            }
            // Ours, but not (or no longer, or twice) what the art draws.
            _ if parse_name(name).is_some() => p.delete.push(*id),
            _ => {}
        }
    }
    let room = MAX_APP_EMOJIS.saturating_sub(existing.len() - p.delete.len());
    let missing: Vec<usize> = (0..wanted.len()).filter(|&i| !present[i]).collect();
    p.over_limit = missing.len().saturating_sub(room);
    p.create = missing.into_iter().take(room).collect();
    p
}

/// The application's card emojis, per deck; a deck counts only when all 53 are there.
#[derive(Clone, Debug, Default)]
pub struct Faces {
    decks: HashMap<Deck, HashMap<Face, Emoji>>,
}

impl Faces {
    /// From the emojis that are there after a sync.
    pub fn from_emojis(list: impl IntoIterator<Item = (u64, String)>) -> Faces {
        let mut decks: HashMap<Deck, HashMap<Face, Emoji>> = HashMap::new();
        for (id, name) in list {
            if let Some((deck, face)) = parse_name(&name) {
                decks
                    .entry(deck)
                    .or_default()
                    .insert(face, Emoji { id, name });
            }
        }
        decks.retain(|_, faces| faces.len() == 53);
        Faces { decks }
    }

    pub fn has(&self, deck: Deck) -> bool {
        self.decks.contains_key(&deck)
    }

    fn emoji(&self, deck: Deck, card: Card) -> Option<&Emoji> {
        self.decks.get(&deck)?.get(&Face::Card(card))
    }

    /// `msg` with its cards as emojis of its deck, or unchanged (text) without one. Taken by
    /// value: most messages are rendered to be dressed and sent, and a copy of each (its
    /// pictures with it) would be thrown away.
    pub fn dress(&self, msg: Msg) -> Msg {
        let mut out = msg;
        // A deck that is not all there gives way to the classic one, then to text.
        let Some(deck) = out
            .cards
            .map(|d| if self.has(d) { d } else { Deck::Classic })
            .filter(|&d| self.has(d))
        else {
            return out;
        };
        let mut markup = |c: Card| {
            self.emoji(deck, c)
                .map(|e| format!("<:{}:{}>", e.name, e.id))
        };
        let content = replace_cards(&out.content, &mut markup);
        // The emoji markup is longer than the text: past Discord's limit the text stays.
        if content.chars().count() <= 2000 {
            out.content = content;
        }
        for b in out.rows.iter_mut().flatten() {
            if let Some((card, rest)) = single_card(&b.label) {
                b.emoji = self.emoji(deck, card).cloned();
                if b.emoji.is_some() {
                    b.label = rest;
                }
            }
        }
        for s in &mut out.selects {
            for o in &mut s.options {
                if let Some((card, rest)) = single_card(&o.label) {
                    o.emoji = self.emoji(deck, card).cloned();
                    if o.emoji.is_some() && !rest.is_empty() {
                        o.label = rest;
                    }
                }
            }
        }
        out
    }

    /// [`Faces::dress`] of a response's message.
    pub fn dress_response(&self, r: &Response) -> Response {
        match r {
            Response::Ephemeral(m) => Response::Ephemeral(self.dress(m.clone())),
            Response::Public(m) => Response::Public(self.dress(m.clone())),
            Response::Update(m) => Response::Update(self.dress(m.clone())),
        }
    }
}

fn suit_of(c: char) -> Option<Suit> {
    Suit::ALL.into_iter().find(|s| s.symbol() == c)
}

/// The rank index of a card name's rank, in either language (`J`/`B`, `Q`/`D`).
fn rank_of(text: &str) -> Option<u8> {
    Some(match text {
        "A" => 0,
        "10" => 9,
        "J" | "B" => 10,
        "Q" | "D" => 11,
        "K" => 12,
        d if d.len() == 1 => {
            let n = d.parse::<u8>().ok().filter(|n| (2..=9).contains(n))?;
            n - 1
        }
        _ => return None,
    })
}

/// Every card name in `text` (a rank standing alone before a suit symbol) as `f` writes it.
/// Ranks are ASCII, so the scan looks back over bytes from each suit symbol and copies the
/// text between cards in slices (every message shown is dressed: no copy per character).
fn replace_cards(text: &str, f: &mut dyn FnMut(Card) -> Option<String>) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    // `text[..copied]` is in `out`.
    let mut copied = 0;
    for (i, c) in text.char_indices() {
        let Some(suit) = suit_of(c) else {
            continue;
        };
        let end = i + c.len_utf8();
        if text[end..]
            .chars()
            .next()
            .is_some_and(char::is_alphanumeric)
        {
            continue;
        }
        let found = [2usize, 1].into_iter().find_map(|len| {
            let start = i.checked_sub(len).filter(|&s| s >= copied)?;
            if !bytes[start..i].is_ascii() {
                return None;
            }
            if text[..start]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
            {
                return None;
            }
            Some((start, Card::new(rank_of(&text[start..i])?, suit)))
        });
        let Some((start, card)) = found else {
            continue;
        };
        // A card without an emoji stays text.
        let Some(markup) = f(card) else {
            continue;
        };
        out.push_str(&text[copied..start]);
        out.push_str(&markup);
        copied = end;
    }
    out.push_str(&text[copied..]);
    out
}

/// A label holding exactly one card name, at its start (Discord shows a button's emoji before
/// its label): the card, and the label without it.
fn single_card(label: &str) -> Option<(Card, String)> {
    let first = label.split_whitespace().next()?;
    // The first word must end in a suit: a card name leads the label.
    first.chars().last().and_then(suit_of)?;
    let mut found = Vec::new();
    let rest = replace_cards(label, &mut |c| {
        found.push(c);
        Some(String::new())
    });
    match found[..] {
        [card] => Some((card, rest.split_whitespace().collect::<Vec<_>>().join(" "))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::model::{Button, Select, SelectOption, Style};

    fn faces() -> (Faces, Vec<Wanted>) {
        let w = wanted();
        let list = w
            .iter()
            .enumerate()
            .map(|(i, w)| (1000 + i as u64, w.name.clone()));
        (Faces::from_emojis(list), w)
    }

    #[test]
    fn both_decks_are_106_emojis_with_valid_unique_names() {
        let w = wanted();
        assert_eq!(w.len(), 106);
        let mut names: Vec<&str> = w.iter().map(|w| w.name.as_str()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 106);
        for w in &w {
            assert!((2..=32).contains(&w.name.len()), "{}", w.name);
            assert!(w
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_'));
            assert!(w.png.len() <= 256 * 1024);
            assert_eq!(parse_name(&w.name), Some((w.deck, w.face)));
        }
    }

    #[test]
    fn the_sync_plan_uploads_all_then_nothing_then_only_the_changed() {
        let w = wanted();
        let fresh = plan(&[], &w);
        assert_eq!((fresh.create.len(), fresh.delete.len()), (106, 0));
        let all: Vec<(u64, String)> = w
            .iter()
            .enumerate()
            .map(|(i, w)| (i as u64 + 1, w.name.clone()))
            .collect();
        let again = plan(&all, &w);
        assert_eq!(
            (again.create.len(), again.delete.len(), again.keep.len()),
            (0, 0, 106)
        );
        // The art of one card changed: its old emoji goes, its new one comes; someone
        // else's emoji stays.
        let mut changed = all.clone();
        changed[5].1 = changed[5]
            .1
            .replace(&w[5].name[w[5].name.len() - 8..], "00000000");
        changed.push((999, "party_parrot".into()));
        let p = plan(&changed, &w);
        assert_eq!(p.delete, vec![6]);
        assert_eq!(p.create, vec![5]);
    }

    #[test]
    fn the_sync_never_passes_the_applications_limit() {
        let w = wanted();
        let others: Vec<(u64, String)> = (0..1990).map(|i| (i, format!("other_{i}"))).collect();
        let p = plan(&others, &w);
        assert_eq!(p.create.len(), 10);
        assert_eq!(p.over_limit, 96);
    }

    #[test]
    fn cards_in_text_buttons_and_menus_become_emojis() {
        let (f, _) = faces();
        let mut msg =
            Msg::text("Hand: [5♥ 6♥ 7♥] · 10♠ B♦ · deadwood **20**, A1♠ not a card".into());
        msg.rows = vec![vec![
            Button::new("x".into(), "10♠".into(), Style::Primary),
            // Discord shows the emoji first: a card inside the label stays text.
            Button::new(
                "k".into(),
                "Knock, discard 10♥ (deadwood 5)".into(),
                Style::Primary,
            ),
        ]];
        msg.selects = vec![Select {
            id: "s".into(),
            placeholder: "p".into(),
            options: vec![SelectOption {
                label: "Q♣ → 2".into(),
                value: "v".into(),
                emoji: None,
            }],
        }];
        assert_eq!(
            f.dress(msg.clone()),
            msg,
            "a message without a deck stays text"
        );
        msg.cards = Some(Deck::Classic);
        let d = f.dress(msg.clone());
        assert!(!d.content.contains('♥'), "{}", d.content);
        assert!(d.content.contains("A1♠ not a card"));
        assert!(d.content.contains("<:gin_c_TS_"), "{}", d.content);
        assert!(d.content.contains("<:gin_c_JD_"), "German B is the jack");
        let b = &d.rows[0][0];
        assert_eq!(b.label, "");
        assert!(b.emoji.as_ref().unwrap().name.starts_with("gin_c_TS_"));
        assert_eq!(d.rows[0][1], msg.rows[0][1]);
        let o = &d.selects[0].options[0];
        assert_eq!(o.label, "→ 2");
        assert!(o.emoji.as_ref().unwrap().name.starts_with("gin_c_QC_"));
        let tokens: Vec<Card> = d
            .content
            .split_whitespace()
            .filter_map(|t| card_of_markup(t.trim_matches(|c| c == '[' || c == ']')))
            .collect();
        assert_eq!(tokens.len(), 5);
    }

    #[test]
    fn a_deck_not_complete_or_a_text_too_long_stays_text() {
        let (f, w) = faces();
        let mut msg = Msg::text("9♣".into());
        msg.cards = Some(Deck::Classic);
        let partial = Faces::from_emojis(
            w.iter()
                .take(50)
                .enumerate()
                .map(|(i, w)| (i as u64, w.name.clone())),
        );
        assert_eq!(partial.dress(msg.clone()).content, "9♣");
        msg.content = "9♣ ".repeat(600);
        assert_eq!(f.dress(msg.clone()).content, msg.content);
    }
}
