//! A knockout's bracket in words (the public message's lines, the picture's description) and
//! as the picture itself, where the server shows pictures.

use super::about::knockout_round;
use super::field::Field;
use super::page::List;
use crate::games::organizer::TournamentScene;
use crate::games::tournament::{Bracket, BracketMatch, EntrantId, Finish, Slot};
use crate::i18n::Lang;
use crate::tr;
use crate::ui::art::bracket::{self as art, Mark, Side};
use crate::ui::model::Attachment;
use crate::ui::pictures;

/// A place still open: the winner of a match not yet decided.
const OPEN: &str = "?";

/// One match in words: "A beat B (forfeit)", "A vs B", "A vs ?", "A (bye)". `None` while
/// both places are open (nothing to say yet).
fn match_text(lang: Lang, m: &BracketMatch, name: &dyn Fn(EntrantId) -> String) -> Option<String> {
    let id = |s: Slot| match s {
        Slot::Entrant { id, .. } => Some(id),
        Slot::Bye | Slot::Open => None,
    };
    let shown = |s: Slot| id(s).map_or_else(|| OPEN.to_string(), name);
    if let (Some(first), Slot::Bye) = (id(m.top), m.bottom) {
        return Some(tr!(lang, "tournament-advances", first = name(first)));
    }
    if id(m.top).is_none() && id(m.bottom).is_none() {
        return None;
    }
    let Some(winner) = m.winner else {
        return Some(tr!(
            lang,
            "tournament-versus",
            first = shown(m.top),
            second = shown(m.bottom)
        ));
    };
    let loser = [m.top, m.bottom]
        .into_iter()
        .filter_map(id)
        .find(|&e| e != winner);
    let key = match m.decision.map(|d| d.finish) {
        Some(Finish::Forfeit) => "tournament-beat-forfeit",
        Some(Finish::Disqualified) => "tournament-beat-walkover",
        Some(Finish::Played) | None => "tournament-beat",
    };
    Some(tr!(
        lang,
        key,
        winner = name(winner),
        loser = loser.map_or_else(|| OPEN.to_string(), name)
    ))
}

/// Each round with something to say, as (its name, its matches in words). `skip`: a round
/// (from 0) shown elsewhere, as the current round's tables.
fn rounds_in_words(
    lang: Lang,
    bracket: &Bracket,
    skip: Option<usize>,
    name: &dyn Fn(EntrantId) -> String,
) -> Vec<(String, Vec<String>)> {
    let total = bracket.rounds.len();
    bracket
        .rounds
        .iter()
        .enumerate()
        .filter(|(r, _)| Some(*r) != skip)
        .filter_map(|(r, matches)| {
            let words: Vec<String> = matches
                .iter()
                .filter_map(|m| match_text(lang, m, name))
                .collect();
            (!words.is_empty()).then(|| (knockout_round(lang, r, total), words))
        })
        .collect()
}

/// The bracket's rounds as the public message's lists, one round a line:
/// "**Semi-finals**: A beat B · C vs D".
pub(super) fn lists(
    lang: Lang,
    field: &Field,
    bracket: &Bracket,
    skip: Option<usize>,
) -> Vec<List> {
    rounds_in_words(lang, bracket, skip, &|e| field.name(e))
        .into_iter()
        .map(|(head, items)| List {
            head: Some(format!("**{head}**")),
            after_head: ": ",
            items,
            sep: " · ",
        })
        .collect()
}

/// The bracket as a picture, with its description (Discord's alt text: the rounds in words,
/// cut at Discord's limit); `None` for an event without a bracket, or where the server
/// shows text. CPU work of up to a few hundred milliseconds for 256 entrants: call it off
/// the async runtime (the deliverer draws it on its painter's thread).
pub fn bracket_picture(scene: &TournamentScene) -> Option<Attachment> {
    pictures::deck_of(scene.look)?;
    let bracket = scene.bracket.as_ref()?;
    let (lang, field) = (scene.lang, Field::of(scene));
    let words = rounds_in_words(lang, bracket, None, &|e| field.plain(e))
        .into_iter()
        .map(|(head, items)| format!("{head}: {}", items.join(", ")))
        .collect::<Vec<_>>()
        .join("; ");
    let description = tr!(
        lang,
        "pic-bracket-description",
        name = scene.name.clone(),
        rounds = words
    );
    Some(Attachment {
        name: "bracket.png".into(),
        bytes: art::render(&picture(scene, bracket, &field)),
        description: Some(pictures::plain(&description)),
    })
}

fn picture(scene: &TournamentScene, bracket: &Bracket, field: &Field) -> art::Picture {
    let lang = scene.lang;
    let total = bracket.rounds.len();
    let side = |slot: Slot, m: &BracketMatch| match slot {
        Slot::Entrant { id, seed } => Side {
            seed: Some(seed),
            name: field.plain(id),
            mark: match m.winner {
                Some(w) if w == id => Mark::Won,
                Some(_) => Mark::Lost,
                None => Mark::Playing,
            },
        },
        Slot::Bye => Side {
            seed: None,
            name: tr!(lang, "pic-bracket-bye"),
            mark: Mark::Empty,
        },
        Slot::Open => Side {
            seed: None,
            name: String::new(),
            mark: Mark::Empty,
        },
    };
    let rounds = bracket
        .rounds
        .iter()
        .map(|matches| {
            matches
                .iter()
                .map(|m| art::Match {
                    top: side(m.top, m),
                    bottom: side(m.bottom, m),
                })
                .collect()
        })
        .collect();
    let winner = bracket
        .rounds
        .last()
        .and_then(|r| r.first())
        .and_then(|m| m.winner);
    art::Picture {
        title: scene.name.clone(),
        heads: (0..total).map(|r| knockout_round(lang, r, total)).collect(),
        rounds,
        winner_head: tr!(lang, "pic-bracket-winner"),
        winner: winner.map(|w| field.plain(w)),
    }
}
