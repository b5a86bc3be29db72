//! A viewer's `state` frame (docs/activity.md): the engine's own views of the match, which
//! hold no card the viewer may not see, the moves the viewer may make, and their cards sorted
//! into melds. Nothing here reads the match itself.

use super::wire::{
    Arrangement, Clock, End, Frame, Game, LastDeal, MatchInfo, Move, MoveKind, Note as NoteFrame,
    OwnHand, PublicTable, StateFrame, WirePlay,
};
use crate::engine::rummy::RummyAction;
use crate::engine::solver::best_arrangement;
use crate::engine::{Action, Card, CardSet, TeamAction};
use crate::games::{DealOf, EndOf, HandOf, Note, Play, Sight, TableOf};
use crate::i18n::Lang;

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
fn game_of(table: &TableOf) -> Game {
    match table {
        TableOf::Gin(_) => Game::Gin,
        TableOf::Partnership(_) => Game::Partnership,
        TableOf::Team(_) => Game::Team,
        TableOf::Rummy(_) => Game::Rummy,
    }
}

fn public_table(table: &TableOf) -> PublicTable<'_> {
    match table {
        TableOf::Gin(view) => PublicTable::Gin { view },
        TableOf::Partnership(views) => PublicTable::Partnership { views },
        TableOf::Team(view) => PublicTable::Team { view },
        TableOf::Rummy(view) => PublicTable::Rummy { view },
    }
}

fn own_hand(hand: &HandOf) -> OwnHand<'_> {
    match hand {
        HandOf::Gin(view) => OwnHand::Gin { view },
        HandOf::Rummy(view) => OwnHand::Rummy { view },
        HandOf::Team { table, view } => OwnHand::Team { table, view },
    }
}

/// The state frame for `sight`, with `note` (a refused move's remark) in `lang`.
pub(super) fn state_frame(sight: &Sight, note: Option<(&str, String)>) -> String {
    let t = &sight.table;
    let hand = sight.hand.as_ref();
    // A hand's version is the one its moves are checked against (Partnership Gin counts
    // each table's own moves).
    let version = hand.map_or(t.seats.version, |h| h.seats.version);
    Frame::State(StateFrame {
        info: Some(MatchInfo {
            id: t.seats.match_id,
            version,
            // The match's own count of stored actions: every change raises it (a hand's
            // `version` counts only what its moves are checked against).
            stored: t.seats.version,
            game: game_of(&t.view),
            preset: &t.seats.preset,
            names: &t.seats.names,
            users: t.seats.users.iter().map(u64::to_string).collect(),
            over: !sight.active,
            clock: t.clock.map(|c| Clock {
                remind_at: c.remind_at,
                forfeit_at: c.forfeit_at,
            }),
        }),
        seat: sight.seat,
        hand: hand.map(|h| own_hand(&h.view)),
        table: Some(public_table(&t.view)),
        arrangement: hand.and_then(|h| arrangement(&h.view)),
        moves: hand.map(|h| moves(&h.view)).unwrap_or_default(),
        last_deal: sight.last_deal.as_ref().map(last_deal),
        end: sight.end.as_ref().map(end),
        note: note.map(|(code, text)| NoteFrame {
            code: code.to_string(),
            text,
        }),
    })
    .text()
}

/// A finished deal's public record: its showdown, every hand open.
fn last_deal(deal: &DealOf) -> LastDeal<'_> {
    match deal {
        DealOf::Gin(record) => LastDeal::Gin { record },
        DealOf::Partnership(record) => LastDeal::Partnership { record },
        DealOf::Team(record) => LastDeal::Team { record },
        DealOf::Rummy(record) => LastDeal::Rummy { record },
    }
}

/// The match's settlement.
fn end(end: &EndOf) -> End<'_> {
    match end {
        EndOf::Gin {
            settlement,
            hollywood,
            ..
        } => End::Gin {
            settlement,
            hollywood: hollywood.as_ref(),
        },
        EndOf::Teams { settlement, .. } => End::Teams { settlement },
        EndOf::Rummy(settlement) => End::Rummy { settlement },
    }
}

/// The state frame of a channel with no match to show.
pub(super) fn empty_frame() -> String {
    Frame::State(StateFrame::default()).text()
}

/// The viewer's cards in their best melds, the deadwood apart (the Gin games).
fn arrangement(hand: &HandOf) -> Option<Arrangement> {
    let cards = match hand {
        HandOf::Gin(v) => CardSet::from_cards(v.hand.as_ref()?),
        HandOf::Team { view, .. } => view.hand,
        HandOf::Rummy(_) => return None,
    };
    let a = best_arrangement(cards);
    Some(Arrangement {
        melds: a.melds.iter().map(|m| sorted(m.0)).collect(),
        deadwood: sorted(a.deadwood),
        points: a.deadwood_count(),
    })
}

fn sorted(cards: CardSet) -> Vec<Card> {
    let mut v: Vec<Card> = cards.iter().collect();
    v.sort_by_key(|c| (c.suit(), c.rank()));
    v
}

/// Every move the viewer may make now, each with its id, kind and the play to send back.
fn moves(hand: &HandOf) -> Vec<Move> {
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
                TeamAction::Swap(c) => one(MoveKind::Swap, Some(c), WirePlay::Team(a)),
                TeamAction::Return(c) => one(MoveKind::Return, Some(c), WirePlay::Team(a)),
            })
            .collect(),
        HandOf::Rummy(v) => v
            .legal_actions
            .iter()
            .map(|&a| {
                let play = WirePlay::Rummy(a);
                match a {
                    RummyAction::DrawStock => one(MoveKind::DrawStock, None, play),
                    RummyAction::DrawDiscard => one(MoveKind::DrawDiscard, None, play),
                    RummyAction::Discard { card } => one(MoveKind::Discard, Some(card), play),
                    RummyAction::Meld { cards } => {
                        let list = sorted(cards);
                        let id: String = list.iter().map(Card::to_string).collect();
                        Move {
                            id: format!("meld:{id}"),
                            kind: MoveKind::Meld,
                            card: None,
                            cards: Some(list),
                            meld: None,
                            play,
                        }
                    }
                    RummyAction::LayOff { card, meld } => Move {
                        id: format!("layoff:{card}:{meld}"),
                        kind: MoveKind::Layoff,
                        card: Some(card),
                        cards: None,
                        meld: Some(meld),
                        play,
                    },
                }
            })
            .collect(),
    }
}

/// A move of the two-player game: a knock that leaves no deadwood is gin.
fn gin_move(a: Action, held: CardSet, play: WirePlay) -> Move {
    match a {
        Action::TakeUpcard => one(MoveKind::TakeUpcard, None, play),
        Action::Pass => one(MoveKind::Pass, None, play),
        Action::DrawStock => one(MoveKind::DrawStock, None, play),
        Action::DrawDiscard => one(MoveKind::DrawDiscard, None, play),
        Action::Discard(c) => one(MoveKind::Discard, Some(c), play),
        Action::Knock(c) => {
            let gin = best_arrangement(held.without(c)).deadwood_count() == 0;
            let kind = if gin { MoveKind::Gin } else { MoveKind::Knock };
            one(kind, Some(c), play)
        }
    }
}

fn one(kind: MoveKind, card: Option<Card>, play: WirePlay) -> Move {
    let name = serde_json::to_value(kind).expect("a move kind serializes");
    let name = name.as_str().expect("a move kind is a name");
    let id = match card {
        Some(c) => format!("{name}:{c}"),
        None => name.to_string(),
    };
    Move {
        id,
        kind,
        card,
        cards: None,
        meld: None,
        play,
    }
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
