//! Running events: the start, and the organizer's pass that takes each due step from what
//! is stored (sign-up closed, results to record, the next round to pair, tables to open).

use super::{
    Announcement, Loaded, OrganizerNote, TournamentNote, TournamentPass, TournamentShow,
    TournamentState,
};
use crate::engine::deck;
use crate::games::effects::Delivery;
use crate::games::tournament::{
    self, Decision, Entrant, EntrantId, Finish, Pairing, Tournament, MAX_SWISS_ROUNDS, MIN_FIELD,
};
use crate::games::{
    Answered, Caller, Deliveries, EndReason, Event, Failure, Live, MatchState, Outcome, Refusal,
    Reply, RulesOf, Tournaments,
};
use crate::i18n::Lang;
use crate::store::{CancelCause, MatchEvent, NewMatch, Reach, Step, TableRow};
use std::sync::Mutex;

/// What the organizer's pass keeps between passes: its wake-up, and the deliveries of other
/// matches a command stored for it to hand on.
#[derive(Default)]
pub(crate) struct Organizer {
    wake: tokio::sync::Notify,
    queue: Mutex<Vec<Deliveries>>,
}

impl Tournaments<'_> {
    /// Wakes the organizer's pass now (a match of an event ended, a step was asked for).
    pub fn wake_organizer(&self) {
        self.organizer.wake.notify_one();
    }

    /// Resolves when the organizer was woken (see [`Tournaments::wake_organizer`]).
    pub async fn organizer_woken(&self) {
        self.organizer.wake.notified().await
    }

    /// Deliveries a command stored for other matches than its own (a cancelled event's
    /// matches): the organizer's next pass hands them on.
    pub(super) fn queue_deliveries(&self, deliveries: Vec<Deliveries>) {
        if deliveries.is_empty() {
            return;
        }
        self.organizer
            .queue
            .lock()
            .expect("organizer queue lock")
            .extend(deliveries);
        self.wake_organizer();
    }

    /// `/tournament start` (Manage Server): closes sign-up and pairs round 1 now.
    pub async fn tournament_start(&self, caller: &Caller, is_moderator: bool) -> Outcome {
        let result = async {
            if !is_moderator {
                return Err(Refusal::ModeratorsOnly.into());
            }
            let t = self.tournament_here(caller.channel_id).await?;
            if t.row.status != TournamentState::SignUp {
                return Err(Refusal::TournamentRunning.into());
            }
            if !self.start_event(&t).await? {
                return Err(Refusal::Stale.into());
            }
            tracing::info!(
                tournament = t.row.id,
                by = caller.user_id,
                "tournament started"
            );
            self.wake_organizer();
            Ok::<_, Failure>(Outcome::reply(Reply::TournamentDone {
                lang: caller.lang,
                note: TournamentNote::Started { name: t.row.name },
            }))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    /// Pairs round 1 and stores it with the event running: false when another step was
    /// stored meanwhile. Fewer than two entrants: refused.
    async fn start_event(&self, t: &Loaded) -> Result<bool, Failure> {
        // Teams whose partner never confirmed are not in the field.
        let field: Vec<&crate::store::EntryRow> =
            t.entries.iter().filter(|e| !e.awaiting_partner).collect();
        let n = field.len();
        if n < MIN_FIELD {
            return Err(Refusal::TooFewEntrants.into());
        }
        let mut settings: tournament::Settings =
            serde_json::from_str(&t.row.settings_json).map_err(|_| Refusal::Internal)?;
        if let tournament::TournamentFormat::Swiss { rounds } = &mut settings.format {
            let most = (n as u32 - 1).min(MAX_SWISS_ROUNDS);
            // Left open: enough rounds for one undefeated entrant (log2 of the field).
            let wanted = match *rounds {
                0 => n.next_power_of_two().trailing_zeros(),
                r => r,
            };
            *rounds = wanted.clamp(1, most);
        }
        let entrants = field
            .iter()
            .map(|e| Entrant {
                id: EntrantId(e.id as u64),
                rating: e.rating,
            })
            .collect();
        let mut event = Tournament::new(settings, entrants).map_err(|e| {
            tracing::error!(tournament = t.row.id, error = %e, "cannot start");
            Refusal::Internal
        })?;
        event.pair_next_round().map_err(|_| Refusal::Internal)?;
        let mut step = self.round_step(t, &event, Some(TournamentState::Running));
        step.drop_unconfirmed = true;
        Ok(self
            .db
            .tournaments()
            .store_step(t.row.id, t.row.version, step)
            .await?)
    }

    /// The step that stores `event` with its newest round paired: its tables and deadline.
    fn round_step(&self, t: &Loaded, event: &Tournament, status: Option<TournamentState>) -> Step {
        let number = event.rounds().len() as u32;
        let round = event.rounds().last().cloned().unwrap_or_default();
        let tables = round
            .pairings
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.is_decided())
            .map(|(k, _)| (number, k as u32 + 1))
            .collect();
        Step {
            status,
            state_json: Some(serde_json::to_string(event).expect("a tournament serializes")),
            round_deadline: Some(self.now() + t.row.round_minutes * 60),
            tables,
            ..Step::default()
        }
    }

    /// One pass of the organizer over the events of this process's servers.
    pub async fn run_tournaments(&self) -> TournamentPass {
        let mut pass = TournamentPass {
            deliveries: std::mem::take(
                &mut *self.organizer.queue.lock().expect("organizer queue lock"),
            ),
            ..TournamentPass::default()
        };
        let rows = match self.db.tournaments().tournaments_to_run(self.now()).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(error = %e, "reading the tournaments to run");
                return pass;
            }
        };
        for row in rows {
            let id = row.id;
            if let Err(e) = self.run_one(id, &mut pass).await {
                match e {
                    Failure::Store(e) => tracing::warn!(tournament = id, error = %e, "running"),
                    Failure::User(Refusal::Internal) => {
                        tracing::error!(tournament = id, "cannot run: see above")
                    }
                    Failure::User(r) => tracing::info!(tournament = id, why = ?r, "not run"),
                }
            }
        }
        pass
    }

    /// Takes every step due of one event, then shows it if its message is behind.
    async fn run_one(&self, id: i64, pass: &mut TournamentPass) -> Result<(), Failure> {
        // A few steps at most per pass: sign-up closes, results recorded, a round paired.
        for _ in 0..4 {
            let Some(t) = self.load_tournament(id).await? else {
                return Ok(());
            };
            let now = self.now();
            let stored = match t.row.status {
                TournamentState::SignUp if t.row.signup_closes <= now => {
                    let entered = t.entries.iter().filter(|e| !e.awaiting_partner).count();
                    if entered >= MIN_FIELD {
                        self.start_event(&t).await?
                    } else {
                        let step = Step {
                            status: Some(TournamentState::Cancelled),
                            ended_at: Some(now),
                            cancel_cause: Some(CancelCause::TooFew),
                            ..Step::default()
                        };
                        self.db
                            .tournaments()
                            .store_step(id, t.row.version, step)
                            .await?
                    }
                }
                TournamentState::Running => {
                    self.end_withdrawn_matches(&t, pass).await;
                    self.advance(&t).await? || self.decide_waiting_tables(&t).await?
                }
                // An ended event's match still in play (opened as it ended): cancelled.
                TournamentState::Cancelled | TournamentState::Finished => {
                    self.cancel_matches(&t, pass).await;
                    false
                }
                TournamentState::SignUp => false,
            };
            if !stored {
                break;
            }
        }
        let Some(t) = self.load_tournament(id).await? else {
            return Ok(());
        };
        if t.row.reach != Reach::Posting {
            // Nothing is posted in a lost channel again: its organizer is told once.
            if t.row.reach == Reach::Lost {
                pass.notes.push(OrganizerNote {
                    tournament_id: id,
                    organizer: t.row.created_by,
                    lang: Lang::from_locale(&t.row.locale),
                    name: t.row.name.clone(),
                    channel: t.row.channel_id,
                    called_off: t.row.cancel_cause == Some(CancelCause::ChannelLost),
                });
            }
            return Ok(());
        }
        if t.row.status == TournamentState::Running {
            self.open_tables(&t, pass).await?;
        }
        // What to post besides, from what is stored: a round not yet announced, the end.
        let rounds = t.core.as_ref().map_or(0, |c| c.rounds().len());
        let announce = match t.row.status {
            TournamentState::Running if rounds as i64 > t.row.announced_round => {
                Some(Announcement::Round(rounds))
            }
            TournamentState::Finished if !t.row.announced_end => Some(Announcement::Final),
            TournamentState::Cancelled if !t.row.announced_end => {
                Some(Announcement::Cancelled(t.row.cancel_cause))
            }
            _ => None,
        };
        // The answer to `/tournament create` is the message: a few seconds for its id to be
        // noted before a post would make a second one.
        let young = t.row.message_id.is_none() && self.now() - t.row.created_at < 10;
        if (t.row.shown_version < t.row.version || announce.is_some()) && !young {
            pass.shows.push(TournamentShow {
                tournament_id: id,
                version: t.row.version,
                channel: t.row.channel_id,
                message: t.row.message_id,
                scene: Box::new(self.tournament_scene_now(&t).await?),
                announce,
            });
        }
        Ok(())
    }

    /// Records the current round's ended matches; once the round is complete, pairs the next
    /// one (or finishes the event). Whether it stored a step.
    async fn advance(&self, t: &Loaded) -> Result<bool, Failure> {
        let Some(mut event) = t.core.clone() else {
            return Ok(false);
        };
        let number = event.rounds().len();
        if number == 0 {
            return Ok(false);
        }
        let tables = self
            .db
            .tournaments()
            .round_tables(t.row.id, number as u32)
            .await?;
        let mut recorded = false;
        let pairings = event.rounds()[number - 1].pairings.clone();
        for (k, pairing) in pairings.iter().enumerate() {
            let Pairing::Match {
                first,
                second,
                decision: None,
            } = *pairing
            else {
                continue;
            };
            let Some(table) = tables.iter().find(|r| r.table as usize == k + 1) else {
                continue;
            };
            let Some(decision) = decision_of(table, first, second) else {
                continue;
            };
            if event.record(number - 1, k, decision).is_ok() {
                recorded = true;
            }
        }
        let complete = event.rounds()[number - 1].is_complete();
        if !recorded && !complete {
            return Ok(false);
        }
        let mut out = Vec::new();
        if event.settings().format == tournament::TournamentFormat::Knockout && complete {
            for p in &event.rounds()[number - 1].pairings {
                if let (Pairing::Match { first, second, .. }, Some(w)) = (p, p.winner()) {
                    let loser = if w == *first { *second } else { *first };
                    out.push(loser.0 as i64);
                }
            }
        }
        let step = if complete && event.is_finished() {
            Step {
                status: Some(TournamentState::Finished),
                state_json: Some(serde_json::to_string(&event).expect("serializes")),
                ended_at: Some(self.now()),
                out,
                ..Step::default()
            }
        } else if complete {
            if let Err(e) = event.pair_next_round() {
                tracing::error!(tournament = t.row.id, error = %e, "cannot pair the next round");
                return Err(Refusal::Internal.into());
            }
            let mut step = self.round_step(t, &event, None);
            step.out = out;
            step
        } else {
            Step {
                state_json: Some(serde_json::to_string(&event).expect("serializes")),
                ..Step::default()
            }
        };
        if !self
            .db
            .tournaments()
            .store_step(t.row.id, t.row.version, step)
            .await?
        {
            return Ok(false);
        }
        if complete {
            tracing::info!(tournament = t.row.id, round = number, "round complete");
        }
        Ok(true)
    }

    /// Past the round's deadline, a table still waiting because a player is in another match
    /// in the channel is decided as that player's forfeit (both: the first entrant's). Whether
    /// it stored a step.
    async fn decide_waiting_tables(&self, t: &Loaded) -> Result<bool, Failure> {
        let (Some(mut event), Some(deadline)) = (t.core.clone(), t.row.round_deadline) else {
            return Ok(false);
        };
        if self.now() < deadline || event.rounds().is_empty() {
            return Ok(false);
        }
        let number = event.rounds().len();
        let tables = self
            .db
            .tournaments()
            .round_tables(t.row.id, number as u32)
            .await?;
        let mut decided = false;
        for table in tables.iter().filter(|t| t.match_id.is_none()) {
            let k = table.table as usize - 1;
            let Some(Pairing::Match {
                first,
                second,
                decision: None,
            }) = event.rounds()[number - 1].pairings.get(k).copied()
            else {
                continue;
            };
            let mut busy = [false, false];
            for (side, entrant) in [first, second].into_iter().enumerate() {
                let Some(e) = t.entry(entrant) else { continue };
                for user in std::iter::once(e.user.0).chain(e.partner.as_ref().map(|p| p.0)) {
                    busy[side] |= self
                        .db
                        .matches()
                        .active_match_for(t.row.channel_id, user)
                        .await?
                        .is_some();
                }
            }
            let winner = match busy {
                [false, false] => continue,
                [true, false] => second,
                _ => first,
            };
            let decision = Decision {
                winner,
                margin: event.settings().bye_points,
                finish: Finish::Forfeit,
            };
            decided |= event.record(number - 1, k, decision).is_ok();
        }
        if !decided {
            return Ok(false);
        }
        tracing::info!(
            tournament = t.row.id,
            "waiting tables decided at the deadline"
        );
        let step = Step {
            state_json: Some(serde_json::to_string(&event).expect("serializes")),
            ..Step::default()
        };
        Ok(self
            .db
            .tournaments()
            .store_step(t.row.id, t.row.version, step)
            .await?)
    }

    /// Opens the current round's tables that have no match yet. A table one of whose players
    /// is still in another match in the channel waits for the next pass.
    async fn open_tables(&self, t: &Loaded, pass: &mut TournamentPass) -> Result<(), Failure> {
        let Some(event) = &t.core else {
            return Ok(());
        };
        let number = event.rounds().len() as u32;
        let Some(round) = event.rounds().last() else {
            return Ok(());
        };
        let rules =
            RulesOf::from_json(&t.row.preset, &t.row.rules_json).map_err(|_| Refusal::Internal)?;
        let teams = t.game().teams;
        for table in self.db.tournaments().round_tables(t.row.id, number).await? {
            if table.match_id.is_some() {
                continue;
            }
            let Some(Pairing::Match {
                first,
                second,
                decision: None,
            }) = round.pairings.get(table.table as usize - 1).copied()
            else {
                continue;
            };
            let (Some(a), Some(b)) = (t.entry(first), t.entry(second)) else {
                continue;
            };
            // Seat order: the first entrant's player, the second's, then the partners (team
            // games seat partners opposite: 0 and 2, 1 and 3).
            let mut players = vec![
                (a.user.0, a.user.1.clone(), false),
                (b.user.0, b.user.1.clone(), false),
            ];
            if teams {
                for p in [&a.partner, &b.partner] {
                    let Some((user, name)) = p else {
                        continue;
                    };
                    players.push((*user, name.clone(), false));
                }
            }
            let seed = self.next_seed();
            let Some(game) = rules.new_game(players.len() as u8, seed) else {
                tracing::warn!(tournament = t.row.id, "a table's game cannot be dealt");
                continue;
            };
            let delivery = Delivery::first_table(self.now_ms());
            let new = NewMatch {
                guild_id: t.row.guild_id,
                place_kind: Default::default(),
                place_id: t.row.guild_id,
                channel_id: t.row.channel_id,
                table_message_id: None,
                format: game.format(),
                preset: t.row.preset.clone(),
                rules_json: t.row.rules_json.clone(),
                locale: t.row.locale.clone(),
                state_json: game.to_json(),
                seed_hex: deck::seed_hex(&seed),
                players,
                ai_level: None,
                now: self.now(),
                outbox: vec![delivery.row()],
                ai_to_act: false,
                event: Some(MatchEvent {
                    tournament_id: t.row.id,
                    round: number,
                    deadline: t.row.round_deadline.unwrap_or_else(|| self.now()),
                }),
            };
            match self
                .db
                .tournaments()
                .open_table(t.row.version, number, table.table, &new)
                .await
            {
                Ok(Some(match_id)) => {
                    let live = Live::from_row(new.stored_as(match_id))?;
                    self.put_live(live).await;
                    tracing::info!(tournament = t.row.id, match_id, "table opened");
                    let mut delivery = delivery;
                    delivery.key.match_id = match_id;
                    pass.deliveries.push(Deliveries {
                        rows: vec![delivery],
                        turn: None,
                    });
                }
                Ok(None) => {}
                Err(e) if e.is_conflict() => {
                    tracing::info!(
                        tournament = t.row.id,
                        table = table.table,
                        "a player is still in another match here: the table waits"
                    );
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    /// Ends the matches in play of disqualified entrants as their forfeit (a disqualification
    /// stored before its match was ended, say by a crash between the two).
    pub(super) async fn end_withdrawn_matches(&self, t: &Loaded, pass: &mut TournamentPass) {
        let Some(event) = &t.core else {
            return;
        };
        if event.withdrawn().is_empty() {
            return;
        }
        let out = |user: u64| {
            t.entry_of(user)
                .is_some_and(|e| event.withdrawn().contains(&EntrantId(e.id as u64)))
        };
        let seats = match self
            .db
            .tournaments()
            .tournament_seats_in_play(t.row.id)
            .await
        {
            Ok(seats) => seats,
            Err(e) => {
                tracing::warn!(tournament = t.row.id, error = %e, "reading matches in play");
                return;
            }
        };
        let mut ended = Vec::new();
        for (match_id, seat, user) in seats {
            if !out(user) || ended.contains(&match_id) {
                continue;
            }
            ended.push(match_id);
            let Ok(mut live) = self.hold(match_id).await else {
                continue;
            };
            if !live.is_active() {
                continue;
            }
            match self
                .end_by_resignation(&mut live, seat, EndReason::Forfeited, Answered::Nothing)
                .await
            {
                Ok(d) => pass.deliveries.push(d),
                Err(_) => tracing::warn!(match_id, "ending a disqualified player's match"),
            }
        }
    }

    /// Cancels the matches still in play of a cancelled (or finished) event.
    pub(super) async fn cancel_matches(&self, t: &Loaded, pass: &mut TournamentPass) {
        let Ok(ids) = self
            .db
            .tournaments()
            .tournament_matches_in_play(t.row.id)
            .await
        else {
            return;
        };
        for match_id in ids {
            let Ok(mut live) = self.hold(match_id).await else {
                continue;
            };
            if !live.is_active() {
                continue;
            }
            match self
                .commit(
                    &mut live,
                    Event::Cancel,
                    EndReason::Cancelled,
                    Answered::Nothing,
                )
                .await
            {
                Ok(Ok(d)) => pass.deliveries.push(d),
                _ => tracing::warn!(match_id, "cancelling a cancelled event's match"),
            }
        }
    }

    /// Notes that an event's message shows `show`, as message `message`, and (`announced`)
    /// that its announcement was posted (or can never be).
    pub async fn tournament_shown(&self, show: &TournamentShow, message: u64, announced: bool) {
        let posted = match show.announce.filter(|_| announced) {
            Some(Announcement::Round(n)) => (n as i64, false),
            Some(Announcement::Final | Announcement::Cancelled(_)) => (0, true),
            None => (0, false),
        };
        let stored = self
            .db
            .tournaments()
            .tournament_shown(show.tournament_id, show.version, message, posted)
            .await;
        if let Err(e) = stored {
            tracing::warn!(tournament = show.tournament_id, error = %e, "noting a shown tournament");
        }
    }
}

impl Tournaments<'_> {
    /// Discord refused the event's channel for good (no access, no permission, or the
    /// channel is gone): the event is called off if it was open, nothing of it is posted
    /// there again, and the next pass tells its organizer. Stored, so a restart does not
    /// try that channel again either.
    pub async fn tournament_channel_lost(&self, tournament_id: i64) {
        match self
            .db
            .tournaments()
            .tournament_channel_lost(tournament_id, self.now())
            .await
        {
            Ok(true) => {
                tracing::warn!(
                    tournament = tournament_id,
                    "the event's channel refuses the bot for good: no more posts there"
                );
                self.wake_organizer();
            }
            Ok(false) => {}
            Err(e) => {
                tracing::warn!(tournament = tournament_id, error = %e, "noting a lost channel")
            }
        }
    }

    /// The organizer of an event whose channel was lost was told (or cannot be).
    pub async fn organizer_told(&self, tournament_id: i64) {
        if let Err(e) = self
            .db
            .tournaments()
            .tournament_organizer_told(tournament_id)
            .await
        {
            tracing::warn!(tournament = tournament_id, error = %e, "noting a told organizer");
        }
    }
}

/// The decision of a table's ended match: the winner's entrant (by seat: the first entrant
/// sits at the even seats), the winner's net points, and whether it was a forfeit. None while
/// it is played, or if it was cancelled.
fn decision_of(table: &TableRow, first: EntrantId, second: EntrantId) -> Option<Decision> {
    let finish = match table.status? {
        MatchState::Active | MatchState::Ended(EndReason::Cancelled) => return None,
        MatchState::Ended(EndReason::Forfeited) => Finish::Forfeit,
        MatchState::Ended(_) => Finish::Played,
    };
    let seat = table.winner_seat.or_else(|| {
        // No seat marked: the best net.
        (0..table.nets.len())
            .max_by_key(|&s| table.nets[s])
            .map(|s| s as u8)
    })?;
    let winner = if seat % 2 == 0 { first } else { second };
    let margin = table.nets.get(seat as usize).copied().unwrap_or(0).max(0) as u32;
    Some(Decision {
        winner,
        margin,
        finish,
    })
}
