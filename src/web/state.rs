//! A viewer's `state` frame (docs/activity.md): the engine's own views of the match, which
//! hold no card the viewer may not see, the moves the viewer may make, and their cards sorted
//! into melds. Nothing here reads the match itself.

use crate::engine::rummy::RummyAction;
use crate::engine::solver::best_arrangement;
use crate::engine::{Action, Card, CardSet, TeamAction};
use crate::games::{DealOf, EndOf, HandOf, Note, Play, Sight, TableOf};
use crate::i18n::Lang;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// A move as the page sends it back: the `play` of one of the state's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub(super) enum WirePlay {
    Gin(Action),
    Rummy(RummyAction),
    Team(TeamAction),
}

impl From<WirePlay> for Play {
    fn from(p: WirePlay) -> Play {
        match p {
            WirePlay::Gin(a) => Play::Gin(a),
            WirePlay::Rummy(a) => Play::Rummy(a),
            WirePlay::Team(a) => Play::Team(a),
        }
    }
}

/// The match's game, as the page tells them apart.
fn game_of(table: &TableOf) -> &'static str {
    match table {
        TableOf::Gin(_) => "gin",
        TableOf::Partnership(_) => "partnership",
        TableOf::Team(_) => "team",
        TableOf::Rummy(_) => "rummy",
    }
}

fn table_json(table: &TableOf) -> Value {
    match table {
        TableOf::Gin(v) => json!({"game": "gin", "view": v}),
        TableOf::Partnership(v) => json!({"game": "partnership", "views": v}),
        TableOf::Team(v) => json!({"game": "team", "view": v}),
        TableOf::Rummy(v) => json!({"game": "rummy", "view": v}),
    }
}

fn hand_json(hand: &HandOf) -> Value {
    match hand {
        HandOf::Gin(v) => json!({"game": "gin", "view": v}),
        HandOf::Rummy(v) => json!({"game": "rummy", "view": v}),
        HandOf::Team { table, view } => json!({"game": "team", "table": table, "view": view}),
    }
}

/// The state frame for `sight`, with `note` (a refused move's remark) in `lang`.
pub(super) fn state_frame(sight: &Sight, note: Option<(&str, String)>) -> String {
    let t = &sight.table;
    let hand = sight.hand.as_ref();
    // A hand's version is the one its moves are checked against (Partnership Gin counts
    // each table's own moves).
    let version = hand.map_or(t.seats.version, |h| h.seats.version);
    let frame = json!({
        "t": "state",
        "match": {
            "id": t.seats.match_id,
            "version": version,
            // The match's own count of stored actions: every change raises it (a hand's
            // `version` counts only what its moves are checked against).
            "stored": t.seats.version,
            "game": game_of(&t.view),
            "preset": t.seats.preset,
            "names": t.seats.names,
            "users": t.seats.users.iter().map(u64::to_string).collect::<Vec<_>>(),
            "over": !sight.active,
            "clock": t.clock.map(|c| json!({"remind_at": c.remind_at, "forfeit_at": c.forfeit_at})),
        },
        "seat": sight.seat,
        "hand": hand.map(|h| hand_json(&h.view)),
        "table": table_json(&t.view),
        "arrangement": hand.and_then(|h| arrangement(&h.view)),
        "moves": hand.map(|h| moves(&h.view)).unwrap_or_default(),
        "last_deal": sight.last_deal.as_ref().map(deal_json),
        "end": sight.end.as_ref().map(end_json),
        "note": note.map(|(code, text)| json!({"code": code, "text": text})),
    });
    frame.to_string()
}

/// A finished deal's public record: its showdown, every hand open.
fn deal_json(deal: &DealOf) -> Value {
    match deal {
        DealOf::Gin(r) => json!({"game": "gin", "record": r}),
        DealOf::Partnership(r) => json!({"game": "partnership", "record": r}),
        DealOf::Team(r) => json!({"game": "team", "record": r}),
        DealOf::Rummy(r) => json!({"game": "rummy", "record": r}),
    }
}

/// The match's settlement.
fn end_json(end: &EndOf) -> Value {
    match end {
        EndOf::Gin {
            settlement,
            hollywood,
            ..
        } => json!({"game": "gin", "settlement": settlement, "hollywood": hollywood}),
        EndOf::Teams { settlement, .. } => json!({"game": "teams", "settlement": settlement}),
        EndOf::Rummy(s) => json!({"game": "rummy", "settlement": s}),
    }
}

/// The state frame of a channel with no match to show.
pub(super) fn empty_frame() -> String {
    json!({
        "t": "state", "match": null, "seat": null, "hand": null, "table": null,
        "arrangement": null, "moves": [], "note": null, "last_deal": null, "end": null,
    })
    .to_string()
}

/// The viewer's cards in their best melds, the deadwood apart (the Gin games).
fn arrangement(hand: &HandOf) -> Option<Value> {
    let cards = match hand {
        HandOf::Gin(v) => CardSet::from_cards(v.hand.as_ref()?),
        HandOf::Team { view, .. } => view.hand,
        HandOf::Rummy(_) => return None,
    };
    let a = best_arrangement(cards);
    Some(json!({
        "melds": a.melds.iter().map(|m| sorted(m.0)).collect::<Vec<_>>(),
        "deadwood": sorted(a.deadwood),
        "points": a.deadwood_count(),
    }))
}

fn sorted(cards: CardSet) -> Vec<Card> {
    let mut v: Vec<Card> = cards.iter().collect();
    v.sort_by_key(|c| (c.suit(), c.rank()));
    v
}

/// Every move the viewer may make now, each with its id, kind and the play to send back.
fn moves(hand: &HandOf) -> Vec<Value> {
    match hand {
        HandOf::Gin(v) => {
            let held = v.hand.as_ref().map(CardSet::from_cards).unwrap_or_default();
            v.legal_actions
                .iter()
                .map(|&a| gin_move(a, held, WirePlay::Gin(a)))
                .collect()
        }
        HandOf::Team { view, .. } => view
            .legal_actions
            .iter()
            .map(|&a| match a {
                TeamAction::Play(g) => gin_move(g, view.hand, WirePlay::Team(a)),
                TeamAction::Swap(c) => one("swap", Some(c), WirePlay::Team(a)),
                TeamAction::Return(c) => one("return", Some(c), WirePlay::Team(a)),
            })
            .collect(),
        HandOf::Rummy(v) => v
            .legal_actions
            .iter()
            .map(|&a| {
                let play = WirePlay::Rummy(a);
                match a {
                    RummyAction::DrawStock => one("draw_stock", None, play),
                    RummyAction::DrawDiscard => one("draw_discard", None, play),
                    RummyAction::Discard { card } => one("discard", Some(card), play),
                    RummyAction::Meld { cards } => {
                        let list = sorted(cards);
                        let id: String = list.iter().map(Card::to_string).collect();
                        json!({"id": format!("meld:{id}"), "kind": "meld", "card": null,
                               "cards": list, "play": play})
                    }
                    RummyAction::LayOff { card, meld } => json!({
                        "id": format!("layoff:{card}:{meld}"), "kind": "layoff",
                        "card": card, "meld": meld, "play": play,
                    }),
                }
            })
            .collect(),
    }
}

/// A move of the two-player game: a knock that leaves no deadwood is gin.
fn gin_move(a: Action, held: CardSet, play: WirePlay) -> Value {
    match a {
        Action::TakeUpcard => one("take_upcard", None, play),
        Action::Pass => one("pass", None, play),
        Action::DrawStock => one("draw_stock", None, play),
        Action::DrawDiscard => one("draw_discard", None, play),
        Action::Discard(c) => one("discard", Some(c), play),
        Action::Knock(c) => {
            let gin = best_arrangement(held.without(c)).deadwood_count() == 0;
            one(if gin { "gin" } else { "knock" }, Some(c), play)
        }
    }
}

fn one(kind: &str, card: Option<Card>, play: WirePlay) -> Value {
    let id = match card {
        Some(c) => format!("{kind}:{c}"),
        None => kind.to_string(),
    };
    json!({"id": id, "kind": kind, "card": card, "play": play})
}

/// A refused move's code and remark, as the page shows it.
pub(super) fn note_of(lang: Lang, note: &Note) -> (&'static str, String) {
    let code = match note {
        Note::Stale => "stale",
        Note::MatchOver => "match_over",
        Note::Refused(e) if e.is_match_over() => "match_over",
        _ => "illegal",
    };
    (code, crate::ui::render::note_text(lang, note))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page sends back exactly what the state offered; anything else does not read.
    #[test]
    fn a_play_reads_back_as_it_was_offered() {
        let c: Card = "7H".parse().unwrap();
        for p in [
            WirePlay::Gin(Action::Knock(c)),
            WirePlay::Team(TeamAction::Swap(c)),
            WirePlay::Rummy(RummyAction::LayOff { card: c, meld: 2 }),
        ] {
            let text = serde_json::to_string(&p).unwrap();
            assert_eq!(serde_json::from_str::<WirePlay>(&text).unwrap(), p);
        }
        for bad in [
            r#"{"gin":{"action":"discard","card":"1X"}}"#,
            r#"{"chess":{"action":"draw_stock"}}"#,
            r#"{"gin":{"action":"draw_stock"},"rummy":{"action":"draw_stock"}}"#,
        ] {
            assert!(serde_json::from_str::<WirePlay>(bad).is_err(), "{bad}");
        }
    }
}
