//! Hollywood Gin (RULES.md section 13): a two-player match keeps three games on one sheet.
//!
//! A player's first hand won is scored in game 1, the second in games 1 and 2, the third and
//! later in games 1, 2 and 3, each only while that game is open. A game closes when a player
//! reaches the target, with its own game, shutout and line bonuses; the match ends when all
//! three are closed, and its result is the sum of the three settlements.

use super::rules::Rules;
use super::seat::Seat;
use super::settlement::{pairwise, settle, Settlement};
use serde::{Deserialize, Serialize};

/// One of the three games on the sheet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HollywoodGame {
    /// Points scored in this game, per seat.
    pub totals: Vec<u32>,
    /// Hands won that were scored in this game, per seat.
    pub lines: Vec<u32>,
    /// The game's settlement once a player has reached the target.
    pub closed: Option<Settlement>,
}

/// The sheet of a Hollywood match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HollywoodSheet {
    /// The three games, game 1 first.
    pub games: [HollywoodGame; 3],
    /// Hands won so far, per seat: which games a win is scored in.
    pub wins: Vec<u32>,
}

impl Default for HollywoodSheet {
    fn default() -> Self {
        let game = || HollywoodGame {
            totals: vec![0; 2],
            lines: vec![0; 2],
            closed: None,
        };
        HollywoodSheet {
            games: [game(), game(), game()],
            wins: vec![0; 2],
        }
    }
}

impl HollywoodSheet {
    /// Scores a hand `winner` won with `points` and `lines`.
    pub fn score(&mut self, rules: &Rules, winner: Seat, points: u32, lines: u32) {
        let w = usize::from(winner);
        self.wins[w] += 1;
        let reach = self.wins[w].min(3) as usize;
        for game in self.games.iter_mut().take(reach) {
            if game.closed.is_some() {
                continue;
            }
            game.totals[w] += points;
            game.lines[w] += lines;
            if game.totals[w] >= rules.target {
                game.closed = Some(settle(rules, &game.totals, &game.lines, winner, None));
            }
        }
    }

    /// Whether all three games are closed: the match is over.
    pub fn all_closed(&self) -> bool {
        self.games.iter().all(|g| g.closed.is_some())
    }

    /// The match's settlement: the three games' figures added up. The winner is the seat
    /// that comes out ahead (on equal net, the one that won more games).
    pub fn total(&self, resigned: Option<Seat>) -> Settlement {
        let closed: Vec<&Settlement> = self
            .games
            .iter()
            .filter_map(|g| g.closed.as_ref())
            .collect();
        let sum = |f: &dyn Fn(&Settlement) -> Vec<u32>| -> Vec<u32> {
            (0..2)
                .map(|s| closed.iter().map(|c| f(c)[s]).sum::<u32>())
                .collect()
        };
        let net: Vec<i64> = (0..2)
            .map(|s| closed.iter().map(|c| c.net[s]).sum())
            .collect();
        let games_won = |s: Seat| closed.iter().filter(|c| c.winner == s).count();
        let winner = match resigned {
            Some(r) => 1 - r,
            None if net[0] != net[1] => Seat::from(net[1] > net[0]),
            None => Seat::from(games_won(1) > games_won(0)),
        };
        let (payments, _) = pairwise(2, |_, _| net[0]);
        let mut shutouts: Vec<Seat> = closed.iter().flat_map(|c| c.shutouts.clone()).collect();
        shutouts.sort();
        shutouts.dedup();
        Settlement {
            winner,
            resigned,
            totals: sum(&|c| c.totals.clone()),
            lines: sum(&|c| c.lines.clone()),
            line_bonus: sum(&|c| c.line_bonus.clone()),
            game_bonus: sum(&|c| c.game_bonus.clone()),
            shutouts,
            finals: sum(&|c| c.finals.clone()),
            payments,
            net,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Target 100, line 20, game 100, shutout 200 (the classic preset).
    fn rules() -> Rules {
        Rules::default()
    }

    #[test]
    fn the_first_win_scores_in_game_one_the_second_in_two_games_the_third_in_all() {
        let mut s = HollywoodSheet::default();
        let r = rules();
        s.score(&r, 0, 10, 1);
        s.score(&r, 0, 20, 1);
        s.score(&r, 0, 30, 1);
        s.score(&r, 0, 5, 1);
        let totals: Vec<u32> = s.games.iter().map(|g| g.totals[0]).collect();
        assert_eq!(totals, [65, 55, 35]);
        let lines: Vec<u32> = s.games.iter().map(|g| g.lines[0]).collect();
        assert_eq!(lines, [4, 3, 2]);
    }

    #[test]
    fn games_close_in_order_with_their_own_bonuses_and_the_sheet_sums_them() {
        // Hand-computed sheet:
        //   A wins 60 (game 1), B wins 30 (game 1), A wins 50 (games 1, 2): game 1 closes
        //   at A 110 - B 30 with 2 and 1 lines; then A wins 60 (games 2, 3: game 2 closes at
        //   A 110 - B 0, a shutout); B wins 40 twice (games 2? closed; B's second and third
        //   wins reach game 3 only from its third win on), A wins 45 (game 3 closes).
        let r = rules();
        let mut s = HollywoodSheet::default();
        s.score(&r, 0, 60, 1); // A: win 1 -> g1 60
        s.score(&r, 1, 30, 1); // B: win 1 -> g1 30
        s.score(&r, 0, 50, 1); // A: win 2 -> g1 110 (closes), g2 50
        let g1 = s.games[0].closed.clone().expect("game 1 closed");
        // Game 1: A 110 + 2 lines 40 + game 100 = 250; B 30 + 20 = 50: B pays 200.
        assert_eq!(g1.finals, [250, 50]);
        assert_eq!(g1.net, [200, -200]);
        s.score(&r, 0, 60, 1); // A: win 3 -> g2 110 (closes), g3 60
        let g2 = s.games[1].closed.clone().expect("game 2 closed");
        // Game 2: A 110 + 2 lines 40 + shutout 200 = 350; B 0.
        assert_eq!(g2.finals, [350, 0]);
        assert_eq!(g2.shutouts, [1]);
        s.score(&r, 1, 40, 1); // B: win 2 -> g1 closed, g2 closed
        s.score(&r, 1, 40, 1); // B: win 3 -> g3 40
        assert!(!s.all_closed());
        s.score(&r, 0, 45, 1); // A: win 4 -> g3 105 (closes)
        assert!(s.all_closed());
        let g3 = s.games[2].closed.clone().unwrap();
        // Game 3: A 105 + 2 lines 40 + 100 = 245; B 40 + 1 line 20 = 60: B pays 185.
        assert_eq!(g3.finals, [245, 60]);
        let total = s.total(None);
        assert_eq!(total.net, [200 + 350 + 185, -(200 + 350 + 185)]);
        assert_eq!(total.winner, 0);
        assert_eq!(total.payments.len(), 1);
        assert_eq!(total.payments[0].amount, 735);
    }
}
