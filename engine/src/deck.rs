//! The shuffle and the fairness commitment (RULES.md section 3).
//!
//! A hand is fully determined by a 32-byte seed: the generator is ChaCha20 (`rand_chacha`'s
//! `ChaCha20Rng::from_seed`), and the deck, in [`Card::all`] order, is shuffled by Fisher-Yates
//! from the last position down, each swap index drawn from one `next_u32` with rejection of the
//! biased tail (`x < n * floor(2^32 / n)`, index `x % n`). Anyone holding the seed can redo the
//! shuffle with these three lines of description, which is what makes the commitment useful:
//! the bot publishes `SHA-256(seed)` before the deal and the seed after the hand.

use super::card::Card;
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use sha2::{Digest, Sha256};

/// The secret that determines one deal.
pub type Seed = [u8; 32];

/// The 52 cards in dealing order: index 0 is the top of the deck.
pub fn shuffled_deck(seed: &Seed) -> Vec<Card> {
    let mut rng = ChaCha20Rng::from_seed(*seed);
    let mut deck: Vec<Card> = Card::all().collect();
    for i in (1..deck.len()).rev() {
        let j = uniform_below(&mut rng, i as u32 + 1) as usize;
        deck.swap(i, j);
    }
    deck
}

/// An unbiased integer in `0..n` by rejection sampling.
fn uniform_below(rng: &mut ChaCha20Rng, n: u32) -> u32 {
    let zone = (1u64 << 32) / n as u64 * n as u64;
    loop {
        let x = rng.next_u32();
        if (x as u64) < zone {
            return x % n;
        }
    }
}

/// The public commitment to a seed: lowercase hex SHA-256.
pub fn commitment(seed: &Seed) -> String {
    to_hex(&Sha256::digest(seed))
}

/// Whether a revealed seed matches the commitment published before the deal.
pub fn verify_commitment(seed: &Seed, commitment_hex: &str) -> bool {
    commitment(seed).eq_ignore_ascii_case(commitment_hex.trim())
}

/// The seed of deal number `deal_no` of a match: SHA-256 over a domain tag, the match seed and
/// the deal number. Revealing one hand's seed reveals nothing about the others.
pub fn hand_seed(match_seed: &Seed, deal_no: u32) -> Seed {
    let mut h = Sha256::new();
    h.update(b"gin/hand-seed/v1");
    h.update(match_seed);
    h.update(deal_no.to_le_bytes());
    h.finalize().into()
}

/// Hex form of a seed, for the ledger and the "verify this shuffle" message.
pub fn seed_hex(seed: &Seed) -> String {
    to_hex(seed)
}

/// Parses the hex form of a seed: 64 hex digits, either case, blanks around ignored.
pub fn parse_seed(text: &str) -> Option<Seed> {
    let digits = text.trim().as_bytes();
    if digits.len() != 64 {
        return None;
    }
    let mut seed = [0u8; 32];
    for (byte, pair) in seed.iter_mut().zip(digits.chunks(2)) {
        let high = char::from(pair[0]).to_digit(16)?;
        let low = char::from(pair[1]).to_digit(16)?;
        *byte = (high << 4 | low) as u8;
    }
    Some(seed)
}

/// Lowercase hex, two digits a byte.
fn to_hex(bytes: &[u8]) -> String {
    // By table, not `write!` per byte: the commitment is shown on every table view.
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 0xf)] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_deck_and_a_permutation() {
        let seed = [7u8; 32];
        let a = shuffled_deck(&seed);
        assert_eq!(a, shuffled_deck(&seed));
        assert_ne!(a, shuffled_deck(&[8u8; 32]));
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, Card::all().collect::<Vec<_>>());
    }

    #[test]
    fn the_shuffle_is_pinned_so_old_seeds_replay_forever() {
        // If this changes, every stored match would replay differently: never change it.
        let deck = shuffled_deck(&[0u8; 32]);
        let text: Vec<String> = deck.iter().take(5).map(|c| c.to_string()).collect();
        assert_eq!(text.join(" "), PINNED_ZERO_SEED_TOP5);
    }

    const PINNED_ZERO_SEED_TOP5: &str = "5S 6D JC 5C QC";

    #[test]
    fn commitment_verifies_only_its_seed() {
        let seed = hand_seed(&[1u8; 32], 3);
        let c = commitment(&seed);
        assert_eq!(c.len(), 64);
        assert!(verify_commitment(&seed, &c));
        assert!(!verify_commitment(&hand_seed(&[1u8; 32], 4), &c));
        assert_eq!(parse_seed(&seed_hex(&seed)), Some(seed));
    }

    #[test]
    fn a_seed_reads_from_64_hex_digits_of_either_case_and_nothing_else() {
        let seed: Seed = std::array::from_fn(|i| (i * 37 + 5) as u8);
        let hex = seed_hex(&seed);
        assert_eq!(
            hex,
            "052a4f74 99bee308 2d52779c c1e60b30 557a9fc4 e90e3358 7da2c7ec 11365b80"
                .replace(' ', "")
        );
        assert_eq!(parse_seed(&format!(" {} ", hex.to_uppercase())), Some(seed));
        assert_eq!(parse_seed(&hex[..62]), None);
        assert_eq!(parse_seed(&format!("{hex}0")), None);
        assert_eq!(parse_seed(&format!("+{}", &hex[1..])), None);
        assert_eq!(parse_seed(&format!("g{}", &hex[1..])), None);
        assert_eq!(parse_seed(&format!("é{}", &hex[2..])), None);
        assert_eq!(
            commitment(&[0; 32]),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }
}
