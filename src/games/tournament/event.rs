//! The event's life: created with its field, paired a round at a time, results recorded,
//! entrants disqualified. Each operation checks everything before it changes anything.

use super::matching::Bits;
use super::{
    knockout, round_robin, seed_order, standings, swiss, Bracket, Decision, Entrant, EntrantId,
    Finish, Pairing, Round, Settings, Standing, Tournament, TournamentError, TournamentFormat,
    MAX_FIELD, MAX_SWISS_ROUNDS, MIN_FIELD,
};
use std::collections::{BTreeMap, BTreeSet};

impl Tournament {
    /// A new event over `entrants` (in registration order), no round paired yet.
    pub fn new(settings: Settings, entrants: Vec<Entrant>) -> Result<Tournament, TournamentError> {
        let n = entrants.len();
        if !(MIN_FIELD..=MAX_FIELD).contains(&n) {
            return Err(TournamentError::FieldSize(n));
        }
        let mut seen = BTreeSet::new();
        for e in &entrants {
            if !seen.insert(e.id) {
                return Err(TournamentError::DuplicateEntrant(e.id));
            }
            if !e.rating.is_finite() {
                return Err(TournamentError::Rating(e.id));
            }
        }
        if let TournamentFormat::Swiss { rounds } = settings.format {
            let max = (n as u32 - 1).min(MAX_SWISS_ROUNDS);
            if !(1..=max).contains(&rounds) {
                return Err(TournamentError::SwissRounds {
                    rounds,
                    field: n,
                    max,
                });
            }
        }
        Ok(Tournament {
            settings,
            entrants,
            rounds: Vec::new(),
            withdrawn: Vec::new(),
        })
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The field, in registration order.
    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    /// The rounds paired so far, oldest first.
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// Disqualified entrants, in the order it happened.
    pub fn withdrawn(&self) -> &[EntrantId] {
        &self.withdrawn
    }

    /// The field by seed: highest rating first, then the earlier registration.
    pub fn seeds(&self) -> Vec<EntrantId> {
        seed_order(&self.entrants)
            .into_iter()
            .map(|i| self.entrants[i].id)
            .collect()
    }

    /// How many rounds the event has in all (a Swiss may end sooner: see
    /// [`Tournament::is_finished`]).
    pub fn planned_rounds(&self) -> usize {
        match self.settings.format {
            TournamentFormat::Swiss { rounds } => rounds as usize,
            TournamentFormat::Knockout => knockout::rounds(self.entrants.len()),
            TournamentFormat::RoundRobin => round_robin::rounds(self.entrants.len()),
        }
    }

    /// Whether nothing is left to pair or play: every planned round played, or (Swiss) fewer
    /// than two entrants left in the event.
    pub fn is_finished(&self) -> bool {
        if self.rounds.last().is_some_and(|r| !r.is_complete()) {
            return false;
        }
        let active = self.entrants.len() - self.withdrawn.len();
        let swiss = matches!(self.settings.format, TournamentFormat::Swiss { .. });
        self.rounds.len() >= self.planned_rounds() || (swiss && active < 2)
    }

    /// Pairs the next round, once the current one is complete.
    pub fn pair_next_round(&mut self) -> Result<&Round, TournamentError> {
        if self.rounds.last().is_some_and(|r| !r.is_complete()) {
            return Err(TournamentError::RoundInProgress);
        }
        if self.is_finished() {
            return Err(TournamentError::Finished);
        }
        let round = match self.settings.format {
            TournamentFormat::Swiss { .. } => self.swiss_round(),
            TournamentFormat::Knockout => knockout::next_round(self),
            TournamentFormat::RoundRobin => round_robin::round(self, self.rounds.len()),
        };
        self.rounds.push(round);
        Ok(&self.rounds[self.rounds.len() - 1])
    }

    /// Records the result of the match at `table` (from 0) of the current `round` (from 0).
    /// A forfeit is recorded like a played match; a disqualification goes through
    /// [`Tournament::disqualify`].
    pub fn record(
        &mut self,
        round: usize,
        table: usize,
        decision: Decision,
    ) -> Result<(), TournamentError> {
        let current = self.rounds.len().checked_sub(1);
        let pairing = self
            .rounds
            .get_mut(round)
            .and_then(|r| r.pairings.get_mut(table))
            .ok_or(TournamentError::NoSuchPairing { round, table })?;
        if current != Some(round) {
            return Err(TournamentError::NotCurrentRound(round));
        }
        let Pairing::Match {
            first,
            second,
            decision: slot,
        } = pairing
        else {
            return Err(TournamentError::NotAMatch);
        };
        if slot.is_some() {
            return Err(TournamentError::AlreadyDecided);
        }
        if decision.winner != *first && decision.winner != *second {
            return Err(TournamentError::NotAtTable(decision.winner));
        }
        if decision.finish == Finish::Disqualified {
            return Err(TournamentError::DisqualifyInstead);
        }
        *slot = Some(decision);
        Ok(())
    }

    /// Disqualifies an entrant: its open match of the current round is lost by walkover
    /// (worth a bye to the opponent), and it is never paired again (a knockout or round
    /// robin match it was due to play is a walkover too).
    pub fn disqualify(&mut self, id: EntrantId) -> Result<(), TournamentError> {
        if !self.entrants.iter().any(|e| e.id == id) {
            return Err(TournamentError::UnknownEntrant(id));
        }
        if self.is_withdrawn(id) {
            return Err(TournamentError::AlreadyWithdrawn(id));
        }
        if self.is_finished() {
            return Err(TournamentError::Finished);
        }
        self.withdrawn.push(id);
        let margin = self.settings.bye_points;
        let open = self
            .rounds
            .last_mut()
            .into_iter()
            .flat_map(|r| &mut r.pairings);
        for pairing in open {
            if let Pairing::Match {
                first,
                second,
                decision: decision @ None,
            } = pairing
            {
                if id == *first || id == *second {
                    let winner = if id == *first { *second } else { *first };
                    *decision = Some(Decision {
                        winner,
                        margin,
                        finish: Finish::Disqualified,
                    });
                }
            }
        }
        Ok(())
    }

    /// The standings as the results stand now, best placed first.
    pub fn standings(&self) -> Vec<Standing> {
        standings::standings(self)
    }

    /// The bracket, for a knockout.
    pub fn bracket(&self) -> Option<Bracket> {
        (self.settings.format == TournamentFormat::Knockout).then(|| knockout::bracket(self))
    }

    /// A Swiss round: the entrants still in, in standings order, asked of [`swiss::pair`].
    fn swiss_round(&self) -> Round {
        let active: Vec<Standing> = self
            .standings()
            .into_iter()
            .filter(|s| !s.withdrawn)
            .collect();
        let position: BTreeMap<EntrantId, usize> = active
            .iter()
            .enumerate()
            .map(|(k, s)| (s.entrant, k))
            .collect();
        let mut met = Bits::new(active.len());
        for pairing in self.rounds.iter().flat_map(|r| &r.pairings) {
            if let Pairing::Match { first, second, .. } = pairing {
                if let (Some(&a), Some(&b)) = (position.get(first), position.get(second)) {
                    met.set(a, b);
                }
            }
        }
        let field = swiss::Field {
            points: active.iter().map(|s| s.points).collect(),
            byes: active.iter().map(|s| s.byes).collect(),
            met,
        };
        let pairs = swiss::pair(&field);
        let id = |k: usize| active[k].entrant;
        let mut pairings: Vec<Pairing> = pairs
            .tables
            .iter()
            .map(|&(a, b)| self.meeting(id(a), id(b)))
            .collect();
        pairings.extend(pairs.bye.map(|k| Pairing::Bye { entrant: id(k) }));
        Round { pairings }
    }
}
