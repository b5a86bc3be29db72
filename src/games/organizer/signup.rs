//! Creating an event and signing up for it.

use super::{
    signing_up, FormatAsk, Loaded, TournamentNote, TournamentRequest, BYE_POINTS, NAME_CHARS,
    ROUND_MINUTES, SIGNUP_MINUTES, UNRATED,
};
use crate::games::tournament::{self, MAX_FIELD, MAX_SWISS_ROUNDS};
use crate::games::{Caller, Failure, Outcome, Refusal, Reply, ReplyRole, Tournaments, UserRef};
use crate::store::{Joined, NewEntry, NewTournament};

impl Tournaments<'_> {
    /// `/tournament create` (Manage Server): an event in sign-up in this channel, its message
    /// with the Join button as the answer. `bot_can_post`: whether the bot may post (and
    /// attach files) here, as the interaction says; an event it could not run is refused.
    pub async fn tournament_create(
        &self,
        caller: &Caller,
        is_moderator: bool,
        bot_can_post: bool,
        ask: TournamentRequest,
    ) -> Outcome {
        self.try_create(caller, is_moderator, bot_can_post, ask)
            .await
            .unwrap_or_else(Failure::into_outcome)
    }

    async fn try_create(
        &self,
        caller: &Caller,
        is_moderator: bool,
        bot_can_post: bool,
        ask: TournamentRequest,
    ) -> Result<Outcome, Failure> {
        let guild_id = caller.guild_id().ok_or(Refusal::GuildOnly)?;
        if !is_moderator {
            return Err(Refusal::ModeratorsOnly.into());
        }
        if !bot_can_post {
            return Err(Refusal::CannotPostHere.into());
        }
        let name = ask.name.trim().to_string();
        if name.is_empty() || name.chars().count() > NAME_CHARS {
            return Err(Refusal::TournamentName.into());
        }
        let in_range = |v: i64, (lo, hi): (i64, i64)| (lo..=hi).contains(&v);
        if !in_range(ask.signup_minutes, SIGNUP_MINUTES)
            || !in_range(ask.round_minutes, ROUND_MINUTES)
        {
            return Err(Refusal::TournamentTimes.into());
        }
        let format = match ask.format {
            // A Swiss without rounds plays as many as the field needs (see the start).
            FormatAsk::Swiss { rounds: Some(r) } if !(1..=MAX_SWISS_ROUNDS).contains(&r) => {
                return Err(Refusal::SwissRounds.into())
            }
            FormatAsk::Swiss { rounds } => tournament::TournamentFormat::Swiss {
                rounds: rounds.unwrap_or(0),
            },
            FormatAsk::Knockout => tournament::TournamentFormat::Knockout,
            FormatAsk::RoundRobin => tournament::TournamentFormat::RoundRobin,
        };
        // A game with no table under these options (Hollywood's sheet is for two).
        if ask.game.opponents().1 == 0 {
            return Err(Refusal::PlayerCount.into());
        }
        self.settings().ensure_settings(guild_id).await?;
        self.settings().check_channel(caller)?;
        let (preset, rules) = ask.game.clone().rules(
            self.settings().default_preset(guild_id),
            self.settings().default_target(guild_id),
            ask.target,
        )?;
        let settings = tournament::Settings {
            format,
            bye_points: BYE_POINTS,
        };
        let now = self.now();
        let new = NewTournament {
            guild_id,
            channel_id: caller.channel_id,
            name: name.clone(),
            created_by: caller.user_id,
            preset: preset.to_string(),
            rules_json: rules.to_json(),
            locale: self.settings().public_lang(caller).code().to_string(),
            settings_json: serde_json::to_string(&settings).map_err(|_| Refusal::Internal)?,
            signup_closes: now + ask.signup_minutes * 60,
            round_minutes: ask.round_minutes,
            now,
        };
        let id = match self.db.tournaments().create_tournament(&new).await {
            Err(e) if e.is_conflict() => return Err(Refusal::TournamentExists.into()),
            other => other?,
        };
        tracing::info!(tournament = id, by = caller.user_id, "tournament created");
        let t = self.load_tournament(id).await?.ok_or(Refusal::Internal)?;
        let mut out = Outcome::reply(Reply::Tournament {
            scene: Box::new(self.tournament_scene(&t)),
            update: false,
        });
        out.reply_is = Some(ReplyRole::Tournament(id));
        Ok(out)
    }

    /// `/tournament join` or the Join button (`pressed`: the event of the message it is on):
    /// the caller (and, in a team event, their partner) sign up.
    pub async fn tournament_join(
        &self,
        caller: &Caller,
        partner: Option<&UserRef>,
        pressed: Option<i64>,
    ) -> Outcome {
        self.try_join(caller, partner, pressed)
            .await
            .unwrap_or_else(Failure::into_outcome)
    }

    async fn try_join(
        &self,
        caller: &Caller,
        partner: Option<&UserRef>,
        pressed: Option<i64>,
    ) -> Result<Outcome, Failure> {
        let guild_id = caller.guild_id().ok_or(Refusal::GuildOnly)?;
        let t = self.event_asked(caller, pressed).await?;
        if !signing_up(&t.row, self.now()) {
            return Err(Refusal::SignUpClosed.into());
        }
        let teams = t.game().teams;
        match (teams, partner) {
            (false, Some(_)) => return Err(Refusal::PartnerNotWanted.into()),
            (true, Some(p)) if p.bot => return Err(Refusal::BotChallenge.into()),
            (true, Some(p)) if p.id == caller.user_id => return Err(Refusal::SelfChallenge.into()),
            _ => {}
        }
        // A team is seeded by its players' mean (a confirming partner's rating is in already).
        let mut rating = self.rating(guild_id, caller.user_id).await?;
        if let Some(p) = partner {
            rating = (rating + self.rating(guild_id, p.id).await?) / 2.0;
        }
        let entry = NewEntry {
            user: (caller.user_id, caller.name.clone()),
            partner: partner.map(|p| (p.id, p.name.clone())),
            rating,
            now: self.now(),
            limit: MAX_FIELD as i64,
            team: teams,
        };
        match self
            .db
            .tournaments()
            .join_tournament(t.row.id, &entry)
            .await?
        {
            Joined::Entered(entry_id) => {
                tracing::info!(tournament = t.row.id, entry = entry_id, "signed up");
                self.wake_organizer();
                Ok(Outcome::reply(Reply::TournamentDone {
                    lang: caller.lang,
                    note: TournamentNote::Joined { name: t.row.name },
                }))
            }
            Joined::AwaitingPartner(entry_id) => {
                tracing::info!(tournament = t.row.id, entry = entry_id, "team signed up");
                self.wake_organizer();
                Ok(Outcome::reply(Reply::TournamentDone {
                    lang: caller.lang,
                    note: TournamentNote::AwaitingPartner {
                        name: t.row.name,
                        partner: partner.map(|p| p.id).unwrap_or_default(),
                    },
                }))
            }
            Joined::Confirmed(entry_id) => {
                tracing::info!(tournament = t.row.id, entry = entry_id, "team confirmed");
                self.wake_organizer();
                Ok(Outcome::reply(Reply::TournamentDone {
                    lang: caller.lang,
                    note: TournamentNote::Confirmed { name: t.row.name },
                }))
            }
            Joined::NoPartner => Err(Refusal::PartnerNeeded.into()),
            Joined::Already => Err(Refusal::AlreadyEntered.into()),
            Joined::Closed => Err(Refusal::SignUpClosed.into()),
            Joined::Full => Err(Refusal::TournamentFull.into()),
        }
    }

    /// `/tournament leave` or the Leave button: the caller's entry (their team's) goes, while
    /// sign-up is open.
    pub async fn tournament_leave(&self, caller: &Caller, pressed: Option<i64>) -> Outcome {
        let result = async {
            let t = self.event_asked(caller, pressed).await?;
            if !signing_up(&t.row, self.now()) {
                return Err(Refusal::SignUpClosed.into());
            }
            if !self
                .db
                .tournaments()
                .leave_tournament(t.row.id, caller.user_id)
                .await?
            {
                return Err(Refusal::NotEntered.into());
            }
            self.wake_organizer();
            Ok::<_, Failure>(Outcome::reply(Reply::TournamentDone {
                lang: caller.lang,
                note: TournamentNote::Left { name: t.row.name },
            }))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    /// The event a command means (the channel's open one) or a button is on.
    pub(crate) async fn event_asked(
        &self,
        caller: &Caller,
        pressed: Option<i64>,
    ) -> Result<Loaded, Failure> {
        match pressed {
            None => self.tournament_here(caller.channel_id).await,
            Some(id) => {
                let t = self
                    .load_tournament(id)
                    .await?
                    .ok_or(Refusal::UnknownButton)?;
                // A button forged onto another server's message names no event of its own.
                if Some(t.row.guild_id) != caller.guild_id()
                    || t.row.channel_id != caller.channel_id
                {
                    return Err(Refusal::UnknownButton.into());
                }
                Ok(t)
            }
        }
    }

    /// A player's rating here, or the starting rating.
    async fn rating(&self, guild: u64, user: u64) -> Result<f64, Failure> {
        Ok(self
            .db
            .tournaments()
            .rating_of(guild, user)
            .await?
            .unwrap_or(UNRATED))
    }
}
