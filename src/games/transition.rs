//! An accepted action in three steps: [`transition`] (pure: what the action did), [`record`]
//! (pure: the stored record, with the outbox rows of the [`plan`]), then storing it
//! ([`super::Games::commit`]). Only after the store has it does the match in memory move on.

use super::effects::{Delivery, Effect, HandHandle, PART_AI, PART_MESSAGES};
use super::variants::{Event, Game, GameError};
use super::{EndReason, Live, MatchState};
use crate::engine::Seat;
use crate::store::{OutboxKey, SavedAction};

/// What one event did to a match.
#[derive(Clone, Debug)]
pub struct Transition {
    pub event: Event,
    /// The match after the event (without its in-memory log: the actions table keeps it).
    pub next: Game,
    /// Deals the event finished (their numbers).
    pub new_deals: Vec<u32>,
    /// How many deals were finished before the event.
    pub deals_before: usize,
    /// Whether the event ended the match with a settlement.
    pub settled: bool,
    pub state: MatchState,
    /// The seat the turn clock waits for, before and after.
    pub to_act_before: Option<Seat>,
    pub to_act: Option<Seat>,
    /// Every seat that may move, before and after (two at Partnership Gin).
    pub movers_before: Vec<Seat>,
    pub movers: Vec<Seat>,
    /// Whose turn the idle clock times, before and after (see [`Game::turn_clock`]).
    pub clock_before: Option<Seat>,
    pub clock: Option<Seat>,
}

impl Transition {
    /// The seat that acted, if any (a moderator's cancel is nobody's).
    pub fn seat(&self) -> Option<Seat> {
        match self.event {
            Event::Play { seat, .. } | Event::Resign { seat } => Some(seat),
            Event::Cancel => None,
        }
    }

    /// Whether the idle clock starts again.
    pub fn turn_changed(&self) -> bool {
        self.clock != self.clock_before || !self.new_deals.is_empty()
    }
}

/// Applies `event` to a copy of `live`'s match. A resignation ends the match `resigned` (a
/// resignation or a forfeit); the engine's refusal leaves everything as it was.
pub fn transition(live: &Live, event: Event, resigned: EndReason) -> Result<Transition, GameError> {
    if !live.is_active() {
        return Err(GameError::Ended);
    }
    let mut next = live.game.clone();
    next.apply(event)?;
    next.clear_log();
    let deals_before = live.game.deals_done();
    let new_deals = next.finished_deals(deals_before);
    let settled = next.is_settled();
    let state = match event {
        Event::Cancel => MatchState::Ended(EndReason::Cancelled),
        Event::Resign { .. } => MatchState::Ended(resigned),
        Event::Play { .. } if settled => MatchState::Ended(EndReason::PlayedOut),
        Event::Play { .. } => MatchState::Active,
    };
    let (to_act, movers) = if state.is_active() {
        (next.to_act(), next.seats_to_act())
    } else {
        (None, Vec::new())
    };
    Ok(Transition {
        event,
        to_act_before: live.game.to_act(),
        to_act,
        movers_before: live.game.seats_to_act(),
        movers,
        clock_before: live.game.turn_clock(),
        clock: if state.is_active() {
            next.turn_clock()
        } else {
            None
        },
        next,
        new_deals,
        deals_before,
        settled,
        state,
    })
}

/// What the answer to the action already shows, so the plan leaves it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answered {
    /// The acting seat's hand (a move button updates its own message).
    Hand(Seat),
    /// The match's end (`/gin resign` answers with it).
    MatchEnd,
    /// Nothing (a forfeit, the AI's move, a moderator's cancel, a move on the web table).
    Nothing,
}

/// What must be shown after `t`, in order, and whether the AI moves next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub messages: Vec<Effect>,
    pub ai_turn: bool,
}

/// The messages an accepted action requires (pure): the forfeit notice, each finished deal's
/// showdown, the match end, the table, and the hands that changed but for the one the answer
/// shows (each with the handle of its open message, from `handles`).
pub fn plan(
    before: &Live,
    t: &Transition,
    answered: Answered,
    handles: &dyn Fn(Seat) -> Option<HandHandle>,
) -> Plan {
    let mut messages = Vec::new();
    if let (Event::Resign { seat }, MatchState::Ended(EndReason::Forfeited)) = (t.event, t.state) {
        messages.push(Effect::Forfeit { seat });
    }
    for &deal in &t.new_deals {
        messages.push(Effect::Showdown { deal });
    }
    if t.settled && answered != Answered::MatchEnd {
        messages.push(Effect::MatchEnd);
    }
    messages.push(Effect::Table);
    let answered_seat = match answered {
        Answered::Hand(seat) => Some(seat),
        _ => None,
    };
    let people = || before.human_seats().filter(|&s| Some(s) != answered_seat);
    let hand = |seat| Effect::Hand {
        seat,
        handle: handles(seat),
    };
    if !t.state.is_active() {
        // Every open hand message says the match is over (or cancelled) and offers no move.
        messages.extend(people().map(hand));
    } else {
        let mut shown = Vec::new();
        for &next in &t.movers {
            let moved_on = !t.movers_before.contains(&next) || !t.new_deals.is_empty();
            if moved_on && !before.ai[next as usize] && Some(next) != answered_seat {
                shown.push(next);
            }
        }
        // The actor's own hand changed too: refreshed unless the answer shows it.
        if let Some(seat) = t.seat() {
            if !before.ai[seat as usize] && Some(seat) != answered_seat && !shown.contains(&seat) {
                shown.push(seat);
            }
        }
        // Team Gin: a player's hand message also shows the partner's hand, which the move
        // changed.
        if let (true, Some(seat)) = (before.game.shows_partner(), t.seat()) {
            let partner = crate::engine::team::partner_of(seat);
            if !before.ai[partner as usize]
                && Some(partner) != answered_seat
                && !shown.contains(&partner)
            {
                shown.push(partner);
            }
        }
        messages.extend(shown.into_iter().map(hand));
    }
    let ai_turn = t.state.is_active() && t.movers.iter().any(|&s| before.ai[s as usize]);
    Plan { messages, ai_turn }
}

impl Plan {
    /// The outbox rows of this plan for the action that takes the match to `version`.
    pub fn deliveries(
        &self,
        match_id: i64,
        version: i64,
        now_ms: i64,
        ai_delay_ms: u64,
    ) -> Vec<Delivery> {
        let key = |part| OutboxKey {
            match_id,
            version,
            part,
        };
        let mut rows = vec![Delivery {
            key: key(PART_MESSAGES),
            due_ms: now_ms,
            effects: self.messages.clone(),
        }];
        if self.ai_turn {
            rows.push(Delivery {
                key: key(PART_AI),
                due_ms: now_ms + ai_delay_ms as i64,
                effects: vec![Effect::AiTurn],
            });
        }
        rows
    }
}

/// The stored record of `t` (pure): the new state, the log entry, finished deals, results
/// and ratings when the match ended, and the outbox rows.
pub fn record(live: &Live, t: &Transition, now: i64, deliveries: &[Delivery]) -> SavedAction {
    let results = t.settled.then(|| t.next.player_results()).flatten();
    SavedAction {
        match_id: live.id,
        version: live.version,
        seat: t.seat().unwrap_or(0),
        event_json: live.game.event_json(t.event),
        state_json: t.next.to_json(),
        status: t.state,
        now,
        turn_changed: t.turn_changed(),
        actor_changed: t.to_act != t.to_act_before,
        ai_to_act: t.movers.iter().any(|&s| live.ai[s as usize]),
        hands: t.next.hand_rows(t.deals_before),
        winner_seat: results
            .as_ref()
            .and_then(|r| r.iter().find(|p| p.won).map(|p| p.seat)),
        rate: results
            .as_ref()
            .and_then(|_| super::results::rating_policy(live)),
        hollywood: results
            .as_ref()
            .map(|_| t.next.hollywood_rows())
            .unwrap_or_default(),
        result: results,
        outbox: deliveries.iter().map(Delivery::row).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Action;
    use crate::games::Play;

    /// A fresh two-player match (seat 1 an AI when `ai`).
    fn live(ai: bool) -> Live {
        Live::sample(7, ai)
    }

    /// A refresh of both players' hands (no open hand message in these tests).
    fn both_hands() -> Vec<Effect> {
        (0..2)
            .map(|seat| Effect::Hand { seat, handle: None })
            .collect()
    }

    fn pass(l: &Live) -> Event {
        let seat = l.game.to_act().unwrap();
        Event::Play {
            seat,
            play: Play::Gin(Action::Pass),
        }
    }

    #[test]
    fn a_pass_moves_the_turn_refreshes_the_table_and_the_next_hand() {
        let l = live(false);
        let t = transition(&l, pass(&l), EndReason::Resigned).unwrap();
        let mover = l.game.to_act().unwrap();
        assert_eq!(t.state, MatchState::Active);
        assert_ne!(t.to_act, Some(mover));
        let p = plan(&l, &t, Answered::Hand(mover), &|_| None);
        assert_eq!(
            p.messages,
            vec![
                Effect::Table,
                Effect::Hand {
                    seat: t.to_act.unwrap(),
                    handle: None
                }
            ]
        );
        assert!(!p.ai_turn);
    }

    /// A move made elsewhere than on the mover's hand message (the web table): that message
    /// is refreshed too, after the next mover's.
    #[test]
    fn a_move_answered_elsewhere_refreshes_the_movers_own_hand_too() {
        let l = live(false);
        let t = transition(&l, pass(&l), EndReason::Resigned).unwrap();
        let mover = l.game.to_act().unwrap();
        let p = plan(&l, &t, Answered::Nothing, &|_| None);
        let next = t.to_act.unwrap();
        let hand = |seat| Effect::Hand { seat, handle: None };
        assert_eq!(p.messages, vec![Effect::Table, hand(next), hand(mover)]);
    }

    #[test]
    fn when_the_ai_moves_next_its_turn_is_planned_instead_of_a_hand() {
        let mut l = live(true);
        // Make seat 0 the one to move, so that the AI (seat 1) is next.
        if l.game.to_act() == Some(1) {
            l.ai = vec![true, false];
        }
        let t = transition(&l, pass(&l), EndReason::Resigned).unwrap();
        let p = plan(&l, &t, Answered::Hand(l.game.to_act().unwrap()), &|_| None);
        assert_eq!(p.messages, vec![Effect::Table]);
        assert!(p.ai_turn);
        let rows = p.deliveries(7, 1, 1_000, 800);
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[1].key.part, rows[1].due_ms), (PART_AI, 1_800));
    }

    #[test]
    fn a_forfeit_is_announced_then_settled_and_every_hand_hears_of_it() {
        let l = live(false);
        let seat = l.game.to_act().unwrap();
        let t = transition(&l, Event::Resign { seat }, EndReason::Forfeited).unwrap();
        assert_eq!(t.state, MatchState::Ended(EndReason::Forfeited));
        assert_eq!(t.to_act, None);
        let p = plan(&l, &t, Answered::Nothing, &|_| None);
        assert_eq!(
            p.messages,
            [
                vec![Effect::Forfeit { seat }, Effect::MatchEnd, Effect::Table],
                both_hands()
            ]
            .concat()
        );
    }

    #[test]
    fn a_resignation_answered_with_the_match_end_does_not_post_it_again() {
        let l = live(false);
        let t = transition(&l, Event::Resign { seat: 0 }, EndReason::Resigned).unwrap();
        let p = plan(&l, &t, Answered::MatchEnd, &|_| None);
        assert!(!p.messages.contains(&Effect::MatchEnd));
        assert!(p.messages.contains(&Effect::Table));
    }

    #[test]
    fn a_cancel_ends_without_settlement_and_tells_the_table_and_both_hands() {
        let l = live(false);
        let t = transition(&l, Event::Cancel, EndReason::Resigned).unwrap();
        assert_eq!(t.state, MatchState::Ended(EndReason::Cancelled));
        let crate::games::Game::Gin(next) = &t.next else {
            panic!("a Gin match")
        };
        assert!(!t.settled && next.is_cancelled());
        let p = plan(&l, &t, Answered::Nothing, &|_| None);
        assert_eq!(p.messages, [vec![Effect::Table], both_hands()].concat());
        let saved = record(&l, &t, 5, &p.deliveries(7, 1, 0, 0));
        assert_eq!(saved.status, MatchState::Ended(EndReason::Cancelled));
        assert!(saved.result.is_none() && saved.rate.is_none());
    }

    #[test]
    fn an_ended_match_refuses_every_event_and_plans_nothing() {
        let mut l = live(false);
        l.state = MatchState::Ended(EndReason::Cancelled);
        assert_eq!(
            transition(&l, pass(&l), EndReason::Resigned).unwrap_err(),
            GameError::Ended
        );
    }

    #[test]
    fn the_record_carries_the_plan_as_outbox_rows_at_the_next_version() {
        let l = live(false);
        let t = transition(&l, pass(&l), EndReason::Resigned).unwrap();
        let rows = plan(&l, &t, Answered::Nothing, &|_| None).deliveries(l.id, l.version + 1, 0, 0);
        let saved = record(&l, &t, 5, &rows);
        assert_eq!(saved.version, 0);
        assert_eq!(saved.outbox.len(), 1);
        assert_eq!(saved.outbox[0].key.version, 1);
        let back = Delivery::from_row(saved.outbox[0].clone()).unwrap();
        assert_eq!(back, rows[0]);
    }
}
