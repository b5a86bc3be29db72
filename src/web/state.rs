//! A viewer's `state` frame (docs/activity.md): the engine's own views of the match, which
//! hold no card the viewer may not see, the moves the viewer may make, and their cards sorted
//! into melds. Nothing here reads the match itself.

use super::games::{sorted, OnTable};
use super::wire::{
    Arrangement, Clock, Frame, MatchInfo, Note as NoteFrame, PendingChallenge, StateFrame, User,
};
use crate::engine::solver::best_arrangement;
use crate::games::{each, Challenged, HandOf, Note, Sight};
use crate::i18n::Lang;

/// The state frame for `sight`, with `note` (a refused move's remark) in `lang`, and the
/// challenge waiting for the viewer's answer.
pub(super) fn state_frame(
    sight: &Sight,
    note: Option<(&str, String)>,
    challenge: Option<&Challenged>,
) -> String {
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
            game: each!(TableOf, &t.view, _v, K => K::GAME),
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
        hand: hand.map(|h| each!(HandOf, &h.view, v, K => K::own(v))),
        table: Some(each!(TableOf, &t.view, v, K => K::public(v))),
        arrangement: hand.and_then(|h| arrangement(&h.view)),
        moves: hand
            .map(|h| each!(HandOf, &h.view, v, K => K::moves(v)))
            .unwrap_or_default(),
        last_deal: sight
            .last_deal
            .as_ref()
            .map(|d| each!(DealOf, d, r, K => K::last_deal(r))),
        end: sight
            .end
            .as_ref()
            .map(|e| each!(EndOf, e, e, K => <K as OnTable>::end(e))),
        note: note.map(|(code, text)| NoteFrame {
            code: code.to_string(),
            text,
        }),
        challenge: challenge.map(pending),
    })
    .text()
}

/// The state frame of a channel with no match to show (but maybe a challenge to answer).
pub(super) fn empty_frame(challenge: Option<&Challenged>) -> String {
    Frame::State(StateFrame {
        challenge: challenge.map(pending),
        ..StateFrame::default()
    })
    .text()
}

fn pending(c: &Challenged) -> PendingChallenge {
    PendingChallenge {
        id: c.id,
        by: User {
            id: c.by.0.to_string(),
            name: c.by.1.clone(),
        },
        expires_at: c.expires_at,
    }
}

/// The viewer's cards in their best melds, the deadwood apart (the Gin games).
fn arrangement(hand: &HandOf) -> Option<Arrangement> {
    let cards = each!(HandOf, hand, v, K => K::arranged(v))?;
    let a = best_arrangement(cards);
    Some(Arrangement {
        melds: a.melds.iter().map(|m| sorted(m.0)).collect(),
        deadwood: sorted(a.deadwood),
        points: a.deadwood_count(),
    })
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
