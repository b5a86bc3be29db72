//! How a finished match moves ratings. Each game books its own figures and rows
//! ([`super::variants`]); the ratings are the same for all of them.

use crate::engine::team::team_of;
use crate::store::{PlayerResult, RatingRow};
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// How a finished match moves ratings: matches between people only (matches against the AI
/// count for history and stats, not for ratings).
pub fn rating_policy(live: &super::Live) -> Option<crate::store::RateFn> {
    let rule = if live.game.is_teams() {
        rate_team_results as crate::store::RateFn
    } else {
        rate as crate::store::RateFn
    };
    (!live.ai.iter().any(|&a| a)).then_some(rule)
}

/// [`rate_teams`] for a finished four-player match, the winning team read from the results.
pub fn rate_team_results(current: &[RatingRow], results: &[PlayerResult]) -> Vec<RatingRow> {
    let winning = results
        .iter()
        .find(|r| r.won)
        .map_or(0, |r| team_of(r.seat));
    rate_teams(current, winning)
}

/// Glicko-2 over one rating period: every pair of players meets once (Gin's three players,
/// Rummy's two to six alike). A match winner beats each loser; two losers, or two tied
/// winners, compare final totals.
pub fn rate(current: &[RatingRow], results: &[PlayerResult]) -> Vec<RatingRow> {
    let config = Glicko2Config::new();
    let glicko = |r: &RatingRow| Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    (0..current.len())
        .map(|i| {
            let games: Vec<(Glicko2Rating, Outcomes)> = (0..current.len())
                .filter(|&j| j != i)
                .map(|j| {
                    let (a, b) = (&results[i], &results[j]);
                    // The winner beats the others; players on the same side of that line
                    // (two losers, or Rummy's tied winners) compare final totals.
                    let outcome = match (a.won, b.won) {
                        (true, false) => Outcomes::WIN,
                        (false, true) => Outcomes::LOSS,
                        _ => match a.final_total.cmp(&b.final_total) {
                            std::cmp::Ordering::Greater => Outcomes::WIN,
                            std::cmp::Ordering::Less => Outcomes::LOSS,
                            std::cmp::Ordering::Equal => Outcomes::DRAW,
                        },
                    };
                    (glicko(&current[j]), outcome)
                })
                .collect();
            let new = glicko2_rating_period(&glicko(&current[i]), &games, &config);
            RatingRow {
                user_id: current[i].user_id,
                rating: new.rating,
                deviation: new.deviation,
                volatility: new.volatility,
                matches: current[i].matches + 1,
            }
        })
        .collect()
}

/// Glicko-2 for the four-player modes (RULES.md section 11), seats 0 and 2 against 1 and 3:
/// each player meets the other team as one composite opponent (the mean of its two ratings
/// and volatilities, the root mean square of its deviations) and takes the team's result. A
/// partner's rating does not move a player's; both partners move by the same rule.
pub fn rate_teams(current: &[RatingRow], winning_team: usize) -> Vec<RatingRow> {
    let config = Glicko2Config::new();
    let composite = |team: usize| {
        let members: Vec<&RatingRow> = current.iter().skip(team).step_by(2).collect();
        let n = members.len() as f64;
        Glicko2Rating {
            rating: members.iter().map(|r| r.rating).sum::<f64>() / n,
            deviation: (members.iter().map(|r| r.deviation.powi(2)).sum::<f64>() / n).sqrt(),
            volatility: members.iter().map(|r| r.volatility).sum::<f64>() / n,
        }
    };
    current
        .iter()
        .enumerate()
        .map(|(seat, r)| {
            let team = seat % 2;
            let outcome = if team == winning_team {
                Outcomes::WIN
            } else {
                Outcomes::LOSS
            };
            let own = Glicko2Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            };
            let new = glicko2_rating_period(&own, &[(composite(1 - team), outcome)], &config);
            RatingRow {
                user_id: r.user_id,
                rating: new.rating,
                deviation: new.deviation,
                volatility: new.volatility,
                matches: r.matches + 1,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rummy::RummyMatch;
    use crate::engine::{Match, Seat};
    use crate::games::Game;

    fn row(user_id: u64) -> RatingRow {
        RatingRow {
            user_id,
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            matches: 0,
        }
    }

    fn result(seat: Seat, won: bool, final_total: u32) -> PlayerResult {
        PlayerResult {
            seat,
            total: 0,
            lines: 0,
            line_bonus: 0,
            game_bonus: 0,
            final_total,
            net: 0,
            won,
            hands_won: 0,
            gins: 0,
            knocks: 0,
            undercuts_given: 0,
            undercuts_suffered: 0,
            knock_deadwood: 0,
        }
    }

    #[test]
    fn the_winner_gains_what_the_loser_loses_from_equal_ratings() {
        let new = rate(
            &[row(1), row(2)],
            &[result(0, true, 200), result(1, false, 40)],
        );
        assert!(new[0].rating > 1500.0 && new[1].rating < 1500.0);
        assert!((new[0].rating - 1500.0 + new[1].rating - 1500.0).abs() < 1e-6);
        assert_eq!((new[0].matches, new[1].matches), (1, 1));
    }

    #[test]
    fn three_players_the_winner_rises_most_the_last_falls_most() {
        let new = rate(
            &[row(1), row(2), row(3)],
            &[
                result(0, false, 90),
                result(1, true, 300),
                result(2, false, 20),
            ],
        );
        assert!(new[1].rating > new[0].rating && new[0].rating > new[2].rating);
    }

    #[test]
    fn rummy_winners_who_tie_draw_with_each_other_and_beat_the_rest() {
        let new = rate(
            &[row(1), row(2), row(3), row(4)],
            &[
                result(0, true, 120),
                result(1, false, 30),
                result(2, true, 120),
                result(3, false, 0),
            ],
        );
        assert!(
            (new[0].rating - new[2].rating).abs() < 1e-9,
            "a tie is a draw"
        );
        assert!(new[0].rating > 1500.0 && new[1].rating > new[3].rating);
        assert!(new[3].rating < 1500.0);
    }

    /// A Rummy match's figures are its settlement's: points, net, every tied winner.
    #[test]
    fn a_rummy_match_leaves_its_totals_net_and_winners() {
        use crate::engine::rummy::RummyEvent;
        let mut m = RummyMatch::new(Default::default(), 3, [4; 32]).unwrap();
        m.totals = vec![40, 10, 40];
        m.apply_event(RummyEvent::Resign { seat: 1 }).unwrap();
        let s = m.settlement().unwrap();
        assert_eq!(
            s.net,
            vec![40, -80, 40],
            "who resigns pays everyone's total"
        );
        let results = Game::from(m.clone()).player_results().unwrap();
        let s = m.settlement().unwrap();
        assert_eq!(results.len(), 3);
        for r in &results {
            let i = usize::from(r.seat);
            assert_eq!((r.final_total, r.net), (s.totals[i], s.net[i]));
        }
        let won: Vec<bool> = results.iter().map(|r| r.won).collect();
        assert_eq!(won, vec![true, false, true]);
    }

    /// A Hollywood match's ledger rows add up to its settlement, also when a resignation
    /// closes the open games.
    #[test]
    fn hollywood_rows_sum_to_the_settlement_after_a_resignation() {
        use crate::engine::{MatchEvent, Preset};
        let mut rules = Preset::Classic.rules();
        rules.hollywood = true;
        let mut m = Match::new(rules, 2, [5; 32]).unwrap();
        m.apply_event(MatchEvent::Resign { seat: 0 }).unwrap();
        let rows = Game::from(m.clone()).hollywood_rows();
        assert_eq!(rows.len(), 6, "three games, two players");
        let s = m.settlement().unwrap();
        for seat in 0..2u8 {
            let mine = rows.iter().filter(|r| r.seat == seat);
            let net: i64 = mine.clone().map(|r| r.net).sum();
            let finals: u32 = mine.map(|r| r.final_total).sum();
            assert_eq!(
                (net, finals),
                (s.net[seat as usize], s.finals[seat as usize])
            );
        }
    }

    #[test]
    fn team_ratings_move_both_partners_by_the_teams_result() {
        let new = rate_teams(&[row(1), row(2), row(3), row(4)], 1);
        assert!(new[1].rating > 1500.0 && new[3].rating > 1500.0);
        assert!(new[0].rating < 1500.0 && new[2].rating < 1500.0);
        assert!((new[1].rating - new[3].rating).abs() < 1e-9);
        assert!(new.iter().all(|r| r.matches == 1));
    }

    #[test]
    fn beating_a_stronger_team_gains_more() {
        let strong = |id| RatingRow {
            rating: 1800.0,
            ..row(id)
        };
        let upset = rate_teams(&[row(1), strong(2), row(3), strong(4)], 0);
        let expected = rate_teams(&[row(1), row(2), row(3), row(4)], 0);
        assert!(upset[0].rating > expected[0].rating);
    }
}
