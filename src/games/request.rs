//! What a player asks for when opening a match, and the rules that turn it into one: who
//! sits where, what an option left unset means, and that challenging the bot is practice.
//! An adapter (the slash commands today) only translates its inputs into these.

use super::{Caller, Challenges, GameChoice, Outcome, Refusal, UserRef};
use crate::engine::ai::Level;
use crate::engine::rummy::{HandRummy, RummyRules};

/// A challenge as asked: the players named, in the order given, and a partner if one was
/// named (four-player games only).
pub struct ChallengeRequest {
    pub named: Vec<UserRef>,
    pub partner: Option<UserRef>,
    pub game: GameChoice,
    pub target: Option<i64>,
}

/// The AI's level in a practice match when none is chosen.
pub const PRACTICE_LEVEL: Level = Level::Medium;

/// How many play a Rummy practice match when nobody says.
pub const RUMMY_PRACTICE_SEATS: u8 = 2;

impl Challenges<'_> {
    /// A challenge as asked. Challenging the bot (`bot`: its id and name) alone, to a Gin
    /// match without teams, starts a practice match against it instead.
    pub async fn challenge(
        &self,
        caller: &Caller,
        ask: ChallengeRequest,
        bot: (u64, String),
    ) -> Outcome {
        let teams = ask.game.is_teams();
        let only_the_bot = matches!(ask.named.as_slice(), [one] if one.id == bot.0);
        if ask.game.practice_against_bot() && only_the_bot && ask.partner.is_none() {
            let seats = 2;
            return self
                .practice()
                .start(caller, PRACTICE_LEVEL, ask.game, seats, ask.target, bot)
                .await;
        }
        if ask.partner.is_some() && !teams {
            // A partner only plays in a four-player game.
            return Outcome::refusal(Refusal::PlayerCount);
        }
        let opponents = seat_order(ask.named, ask.partner);
        self.start(caller, &opponents, ask.game, ask.target).await
    }
}

/// The challenged players in seat order after the challenger. With a `partner`, the partner
/// sits opposite the challenger (seat 2) and the others at 1 and 3; without, the order given
/// (in a four-player match the second one named is the partner).
fn seat_order(named: Vec<UserRef>, partner: Option<UserRef>) -> Vec<UserRef> {
    match partner {
        None => named,
        Some(p) => {
            let mut seats = named;
            seats.insert(seats.len().min(1), p);
            seats
        }
    }
}

/// Rummy's options (RULES.md section 12) as a player gives them; unset ones keep the default.
#[derive(Debug, Default)]
pub struct RummyOptions {
    pub multiple_melds: Option<bool>,
    pub layoff_after_meld: Option<bool>,
    pub aces_high: Option<bool>,
    pub discard_to_go_out: Option<bool>,
    pub hand_rummy: Option<HandRummy>,
    pub reshuffle: Option<bool>,
    pub rounds: Option<i64>,
}

impl RummyOptions {
    /// The match's rules: the defaults where nothing was given.
    pub fn rules(self) -> RummyRules {
        let d = RummyRules::default();
        RummyRules {
            multiple_melds: self.multiple_melds.unwrap_or(d.multiple_melds),
            layoff_after_first_meld: self.layoff_after_meld.unwrap_or(d.layoff_after_first_meld),
            aces_high_low: self.aces_high.unwrap_or(d.aces_high_low),
            discard_to_go_out: self.discard_to_go_out.unwrap_or(d.discard_to_go_out),
            hand_rummy: self.hand_rummy.unwrap_or(d.hand_rummy),
            reshuffle_stock: self.reshuffle.unwrap_or(d.reshuffle_stock),
            // Out of range (0 for what no u32 holds) is refused with its bound at the start.
            rounds: self.rounds.map(|r| u32::try_from(r).unwrap_or(0)),
            ..d
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: u64) -> UserRef {
        UserRef {
            id,
            name: format!("p{id}"),
            bot: false,
        }
    }

    /// A `rounds` out of 1 to 50 reaches the start out of range (to be refused with its
    /// bound), never clamped into it; one in range passes as given.
    #[test]
    fn rummy_rounds_are_passed_on_unclamped() {
        let rounds = |r: i64| {
            RummyOptions {
                rounds: Some(r),
                ..Default::default()
            }
            .rules()
            .rounds
        };
        for out in [0, -5, 51, 1_000_000, i64::MAX, i64::MIN] {
            assert!(!rounds(out).is_some_and(|r| (1..=50).contains(&r)), "{out}");
        }
        assert_eq!(rounds(7), Some(7));
    }

    /// The partner sits opposite the challenger: second of the three others.
    #[test]
    fn a_partner_sits_opposite_the_challenger() {
        let ids = |v: Vec<UserRef>| v.iter().map(|u| u.id).collect::<Vec<_>>();
        assert_eq!(
            ids(seat_order(vec![user(1), user(3)], Some(user(2)))),
            [1, 2, 3]
        );
        assert_eq!(
            ids(seat_order(vec![user(1), user(2), user(3)], None)),
            [1, 2, 3]
        );
    }
}
