//! Who deals, who sits out and who acts first (RULES.md sections 3, 8 and 10).

use super::deck::Seed;
use super::hand::{opponent_of, Hand};
use super::rules::{DealerRule, Rules};
use super::seat::Seat;
use sha2::{Digest, Sha256};

/// The first dealer, drawn from the match seed ("chosen at random", reproducibly).
pub fn first_dealer(match_seed: &Seed, seats: u8) -> Seat {
    let mut h = Sha256::new();
    h.update(b"gin/first-dealer/v1");
    h.update(match_seed);
    let digest = h.finalize();
    (u32::from_le_bytes([digest[0], digest[1], digest[2], digest[3]]) % seats as u32) as Seat
}

/// The two players of a hand, the one who acts first first. With two seats the non-dealer
/// acts first; with three the dealer sits out and the seat after the dealer's acts first.
pub fn players_for(seats: u8, dealer: Seat) -> [Seat; 2] {
    if seats == 2 {
        [1 - dealer, dealer]
    } else {
        [(dealer + 1) % 3, (dealer + 2) % 3]
    }
}

/// The seat sitting a hand out (three players only).
pub fn sitting_out(seats: u8, dealer: Seat) -> Option<Seat> {
    (seats == 3).then_some(dealer)
}

/// The next dealer after `hand`, won by `winner` (`None`: dead hand, the same dealer deals).
/// Three-player matches always follow section 10: the loser of the hand deals.
pub fn next_dealer(rules: &Rules, seats: u8, hand: &Hand, winner: Option<Seat>) -> Seat {
    let Some(winner) = winner else {
        return hand.dealer;
    };
    let loser = opponent_of(hand.players, winner);
    if seats == 3 {
        return loser;
    }
    match rules.dealer_rule {
        DealerRule::LoserDeals => loser,
        DealerRule::WinnerDeals => winner,
        DealerRule::Alternate => 1 - hand.dealer,
    }
}
