//! Challenges: `/gin start` asks, the challenged players accept or decline, the match begins.

use super::effects::Delivery;
use super::scenes::ChallengeScene;
use super::variants::{GameChoice, RulesOf};
use super::{
    Caller, ChallengeRow, ChallengeState, Challenges, Deliveries, Failure, Live, Outcome, Refusal,
    Reply, ReplyRole,
};
use crate::engine::deck;
use crate::i18n::Lang;
use crate::store::{Acceptance, NewChallenge, NewMatch};

/// A user named in a command.
#[derive(Clone, Debug)]
pub struct UserRef {
    pub id: u64,
    pub name: String,
    pub bot: bool,
}

/// Declines of one challenger's challenges by one player after which that challenger may
/// not challenge them again until [`DECLINE_PAUSE_SECONDS`] after the last of them.
const DECLINES_BEFORE_PAUSE: i64 = 2;
/// Ten minutes. Stored with the challenges, the pause outlasts a restart, and holds for a
/// server whichever process of a sharded bot serves it.
const DECLINE_PAUSE_SECONDS: i64 = 10 * 60;
/// The declines that count towards a pause are those of the last hour: two declines a week
/// apart say nothing about pestering.
const DECLINE_WINDOW_SECONDS: i64 = 60 * 60;

impl Challenges<'_> {
    /// `/gin start`: a challenge the others accept or decline.
    pub async fn start(
        &self,
        caller: &Caller,
        opponents: &[UserRef],
        game: GameChoice,
        target: Option<i64>,
    ) -> Outcome {
        self.try_start(caller, opponents, game, target)
            .await
            .unwrap_or_else(Failure::into_outcome)
    }

    async fn try_start(
        &self,
        caller: &Caller,
        opponents: &[UserRef],
        game: GameChoice,
        target: Option<i64>,
    ) -> Result<Outcome, Failure> {
        caller.guild_id().ok_or(Refusal::GuildOnly)?;
        let (least, most) = game.opponents();
        if opponents.len() < least.max(1) || opponents.len() > most {
            return Err(Refusal::PlayerCount.into());
        }
        let guild = caller.guild_id().unwrap_or_default();
        self.settings().ensure_settings(guild).await?;
        let (preset, rules) = game.rules(
            self.settings().default_preset(guild),
            self.settings().default_target(guild),
            target,
        )?;
        self.open_challenge(caller, opponents, preset, rules).await
    }

    /// A challenge of `opponents` (in seat order) to a match of `rules`.
    pub(crate) async fn open_challenge(
        &self,
        caller: &Caller,
        opponents: &[UserRef],
        preset: &str,
        rules: RulesOf,
    ) -> Result<Outcome, Failure> {
        let guild_id = caller.guild_id().ok_or(Refusal::GuildOnly)?;
        self.settings().ensure_settings(guild_id).await?;
        self.settings().check_channel(caller)?;
        if opponents.iter().any(|o| o.id == caller.user_id) {
            return Err(Refusal::SelfChallenge.into());
        }
        if opponents.iter().any(|o| o.bot) {
            return Err(Refusal::BotChallenge.into());
        }
        let distinct: std::collections::HashSet<u64> = opponents.iter().map(|o| o.id).collect();
        if distinct.len() < opponents.len() {
            return Err(Refusal::SameOpponent.into());
        }
        let players: Vec<u64> = std::iter::once(caller.user_id)
            .chain(opponents.iter().map(|o| o.id))
            .collect();
        match self
            .db
            .challenges()
            .busy_among(caller.channel_id, &players)
            .await?
            .first()
        {
            Some(&user) if user == caller.user_id => return Err(Refusal::YouBusy.into()),
            Some(_) => return Err(Refusal::OpponentBusy.into()),
            None => {}
        }
        let now = self.now();
        for o in opponents {
            self.check_declines(guild_id, caller.user_id, o.id, now)
                .await?;
        }
        let minutes = self.config.timeouts.challenge_minutes;
        let new = NewChallenge {
            guild_id,
            channel_id: caller.channel_id,
            challenger: (caller.user_id, caller.name.clone()),
            opponents: opponents.iter().map(|o| (o.id, o.name.clone())).collect(),
            preset: preset.to_string(),
            rules_json: rules.to_json(),
            locale: self.settings().public_lang(caller).code().to_string(),
            now,
            expires_at: now + minutes as i64 * 60,
        };
        let id = self.db.challenges().create_challenge(&new).await?;
        let row = new.stored_as(id);
        tracing::info!(
            challenge = id,
            challenger = caller.user_id,
            "challenge opened"
        );
        let mut out = challenge_reply(
            self.settings().public_lang(caller),
            row,
            rules,
            minutes,
            false,
        );
        out.reply_is = Some(ReplyRole::Challenge(id));
        Ok(out)
    }

    /// Refuses a challenge from `challenger` to `opponent` for [`DECLINE_PAUSE_SECONDS`] after
    /// the last of [`DECLINES_BEFORE_PAUSE`] declines of their challenges here within
    /// [`DECLINE_WINDOW_SECONDS`]: a player who said no is not asked (and pinged) again and
    /// again. The pause runs from the newest decline, as the refusal says.
    async fn check_declines(
        &self,
        guild_id: u64,
        challenger: u64,
        opponent: u64,
        now: i64,
    ) -> Result<(), Failure> {
        let since = now - DECLINE_WINDOW_SECONDS;
        let declines = self
            .db
            .challenges()
            .declines(guild_id, challenger, opponent, since, DECLINES_BEFORE_PAUSE)
            .await?;
        if declines.len() < DECLINES_BEFORE_PAUSE as usize {
            return Ok(());
        }
        let left = declines[0] + DECLINE_PAUSE_SECONDS - now;
        if left <= 0 {
            return Ok(());
        }
        Err(Refusal::DeclinedRecently {
            user: opponent,
            minutes: (left.max(1) as u64).div_ceil(60),
        }
        .into())
    }

    /// A challenge and its language, if the caller is one of the challenged and pressed on
    /// the challenge's own message.
    async fn challenge_of(
        &self,
        caller: &Caller,
        id: i64,
    ) -> Result<(ChallengeRow, Lang), Failure> {
        let row = self
            .db
            .challenges()
            .challenge(id)
            .await?
            .ok_or(Refusal::UnknownButton)?;
        if !pressed_on(&row, caller) {
            return Err(Refusal::OtherChallenge.into());
        }
        if !row.opponents.iter().any(|o| o.0 == caller.user_id) {
            return Err(Refusal::NotChallenged.into());
        }
        let lang = Lang::from_locale(&row.locale);
        Ok((row, lang))
    }

    /// Accept: once every challenged player has accepted, the match is dealt and the challenge
    /// message becomes the table.
    pub async fn accept(&self, caller: &Caller, id: i64) -> Outcome {
        self.try_accept(caller, id)
            .await
            .unwrap_or_else(Failure::into_outcome)
    }

    async fn try_accept(&self, caller: &Caller, id: i64) -> Result<Outcome, Failure> {
        let (row, lang) = self.challenge_of(caller, id).await?;
        if row.status != ChallengeState::Open {
            return Err(Refusal::ChallengeClosed.into());
        }
        if row.expires_at <= self.now() {
            self.db
                .challenges()
                .close_challenge(id, ChallengeState::Expired)
                .await?;
            return Ok(Outcome::reply(Reply::ChallengeExpired { lang }));
        }
        let rules = RulesOf::from_json(&row.preset, &row.rules_json)
            .map_err(|e| crate::store::StoreError::Corrupt(format!("challenge {id}: {e}")))?;
        // The match as it starts if this acceptance is the last one.
        let seed = self.next_seed();
        let seats = 1 + row.opponents.len() as u8;
        let game = rules.new_game(seats, seed).ok_or(Refusal::Internal)?;
        // The challenge message becomes the table through the answer; should the answer
        // fail, this stored delivery makes it the table all the same.
        let table = Delivery::first_table(self.now_ms());
        let mut players = vec![(row.challenger.0, row.challenger.1.clone(), false)];
        players.extend(row.opponents.iter().map(|(u, n)| (*u, n.clone(), false)));
        let new = NewMatch {
            guild_id: row.guild_id,
            place_kind: Default::default(),
            place_id: row.guild_id,
            channel_id: row.channel_id,
            table_message_id: caller.message_id.or(row.message_id),
            format: game.format(),
            preset: row.preset.clone(),
            rules_json: row.rules_json.clone(),
            locale: row.locale.clone(),
            state_json: game.to_json(),
            seed_hex: deck::seed_hex(&seed),
            players,
            ai_level: None,
            now: self.now(),
            outbox: vec![table.row()],
            ai_to_act: false,
            event: None,
        };
        // One transaction: two players accepting at once both count, and a match exists
        // exactly when its challenge is closed as accepted.
        let accepted = match self
            .db
            .challenges()
            .accept_challenge(id, caller.user_id, &new)
            .await
        {
            Err(e) if e.is_conflict() => return Err(Refusal::AlreadyPlaying.into()),
            other => other?,
        };
        match accepted {
            Acceptance::Closed => Err(Refusal::ChallengeClosed.into()),
            Acceptance::Expired => Ok(Outcome::reply(Reply::ChallengeExpired { lang })),
            Acceptance::Waiting(accepted) => {
                let mut shown = row.clone();
                shown.accepted = accepted;
                let minutes = ((row.expires_at - self.now()).max(60) / 60) as u64;
                Ok(challenge_reply(lang, shown, rules, minutes, true))
            }
            Acceptance::Complete(match_id) => {
                let live = Live::from_row(new.stored_as(match_id))?;
                let scene = live.table_scene(
                    &self.settings().timeouts_for(live.guild_id),
                    self.settings().public_look(live.guild_id),
                );
                self.put_live(live).await;
                tracing::info!(challenge = id, match_id, "match started");
                let mut out = Outcome::reply(Reply::Table {
                    scene: Box::new(scene),
                    update: true,
                });
                let mut table = table;
                table.key.match_id = match_id;
                out.deliveries = Deliveries {
                    rows: vec![table],
                    turn: None,
                };
                Ok(out)
            }
        }
    }

    /// Decline: only a challenged player may (others get a friendly refusal).
    pub async fn decline(&self, caller: &Caller, id: i64) -> Outcome {
        let result = async {
            let (_, lang) = self.challenge_of(caller, id).await?;
            if !self
                .db
                .challenges()
                .decline_challenge(id, caller.user_id, self.now())
                .await?
            {
                return Err(Refusal::ChallengeClosed.into());
            }
            Ok::<_, Failure>(Outcome::reply(Reply::ChallengeDeclined {
                lang,
                by: caller.name.clone(),
            }))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }
}

/// Whether a press on challenge `row` comes from its server and channel, on its message: its
/// buttons forged onto another message would answer (and turn into a table) a message that is
/// not the challenge's. Until the challenge's message is known (moments after it is posted),
/// its server and channel must do.
fn pressed_on(row: &ChallengeRow, caller: &Caller) -> bool {
    let message = match (row.message_id, caller.message_id) {
        (Some(ours), Some(pressed)) => ours == pressed,
        (None, _) => true,
        // Not a press on a message: nothing to answer in place.
        (Some(_), None) => false,
    };
    caller.guild_id() == Some(row.guild_id) && caller.channel_id == row.channel_id && message
}

fn challenge_reply(
    lang: Lang,
    row: ChallengeRow,
    rules: RulesOf,
    minutes: u64,
    update: bool,
) -> Outcome {
    Outcome::reply(Reply::Challenge {
        scene: Box::new(ChallengeScene {
            lang,
            row,
            rules,
            minutes,
        }),
        update,
    })
}
