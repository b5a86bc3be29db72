//! Challenges: `/gin start` asks, the challenged players accept or decline, the match begins.

use super::effects::Delivery;
use super::scenes::ChallengeScene;
use super::tokens::{Token, Via};
use super::variants::{GameChoice, RulesOf};
use super::{
    Caller, ChallengeRow, ChallengeState, Challenges, Deliveries, Failure, Games, Live, Outcome,
    Place, Reach, Refusal, Reply, ReplyRole,
};
use crate::engine::deck;
use crate::i18n::Lang;
use crate::store::{Acceptance, NewChallenge, NewMatch};
use std::collections::HashMap;

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
        let (least, most) = game.opponents();
        if opponents.len() < least.max(1) || opponents.len() > most {
            return Err(Refusal::PlayerCount.into());
        }
        // Outside servers the bot's defaults apply.
        let guild = caller.place.shard_guild();
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
        // Nobody but the caller sees the bot's DM: nobody there could accept.
        if matches!(caller.place, Place::BotDm { .. }) {
            return Err(Refusal::ChallengeInBotDm.into());
        }
        let guild_id = caller.place.shard_guild();
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
            self.check_declines(caller.place, caller.user_id, o.id, now)
                .await?;
        }
        let seconds = self.challenge_seconds(caller.place);
        let minutes = (seconds / 60) as u64;
        let new = NewChallenge {
            guild_id,
            place_kind: caller.place.kind(),
            channel_id: caller.channel_id,
            challenger: (caller.user_id, caller.name.clone()),
            opponents: opponents.iter().map(|o| (o.id, o.name.clone())).collect(),
            preset: preset.to_string(),
            rules_json: rules.to_json(),
            locale: self.settings().public_lang(caller).code().to_string(),
            now,
            expires_at: now + seconds,
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

    /// How long a new challenge in `place` stays open: the configured time, or where the bot
    /// reaches the chat only through tokens, no longer than the token its message is edited
    /// through is used, less a sweep (so that the sweeper that finds it expired can still say
    /// so through that token), in whole minutes (as its message says them).
    fn challenge_seconds(&self, place: Place) -> i64 {
        let configured = self.config.timeouts.challenge_minutes as i64 * 60;
        let sweep = self.config.timeouts.sweep_seconds as i64;
        match place.reach() {
            Reach::Channel => configured,
            Reach::Tokens => configured
                .min((self.hand_edit_window - sweep) / 60 * 60)
                .max(60),
        }
    }

    /// Refuses a challenge from `challenger` to `opponent` for [`DECLINE_PAUSE_SECONDS`] after
    /// the last of [`DECLINES_BEFORE_PAUSE`] declines of their challenges here within
    /// [`DECLINE_WINDOW_SECONDS`]: a player who said no is not asked (and pinged) again and
    /// again. The pause runs from the newest decline, as the refusal says.
    async fn check_declines(
        &self,
        place: Place,
        challenger: u64,
        opponent: u64,
        now: i64,
    ) -> Result<(), Failure> {
        let since = now - DECLINE_WINDOW_SECONDS;
        let declines = self
            .db
            .challenges()
            .declines(
                (
                    place.shard_guild(),
                    place.guild().is_none().then(|| place.ledger_key()),
                ),
                challenger,
                opponent,
                since,
                DECLINES_BEFORE_PAUSE,
            )
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

    /// Accept on the card table, which has no message to press it on: only where the bot
    /// reaches the chat through tokens (elsewhere it posts every challenge), and only a
    /// challenge made on the table (one with a message is answered there).
    pub async fn accept_on_table(&self, caller: &Caller, id: i64) -> Outcome {
        match self.not_on_table(caller, id).await {
            Some(refused) => refused,
            None => self.accept(caller, id).await,
        }
    }

    /// Decline on the card table: where, and which, as [`Challenges::accept_on_table`].
    pub async fn decline_on_table(&self, caller: &Caller, id: i64) -> Outcome {
        match self.not_on_table(caller, id).await {
            Some(refused) => refused,
            None => self.decline(caller, id).await,
        }
    }

    /// The refusal of an answer on the card table to challenge `id` of the caller's channel,
    /// if it is answered in chat: one with a message, or made where the bot posts it. The
    /// challenge's own place decides, not the caller's, so every table of the channel agrees
    /// (a page may have placed itself before the gateway said where the bot is). Another
    /// channel's, or none, is refused as any answer to it is.
    async fn not_on_table(&self, caller: &Caller, id: i64) -> Option<Outcome> {
        let in_chat = Outcome::reply(Reply::Refused(Refusal::AcceptInChat));
        match self.db.challenges().challenge(id).await {
            Ok(Some(row))
                if row.channel_id == caller.channel_id
                    && (row.message_id.is_some() || !reached_by_tokens(&row)) =>
            {
                Some(in_chat)
            }
            Ok(_) => None,
            Err(e) => Some(Failure::from(e).into_outcome()),
        }
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
        let place = Place::stored(row.place_kind, row.guild_id, row.channel_id);
        let new = NewMatch {
            guild_id: row.guild_id,
            place_kind: row.place_kind,
            place_id: place.ledger_key(),
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

/// Whether a press on challenge `row` comes from its place and channel, on its message: its
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
    caller.place.shard_guild() == row.guild_id && caller.channel_id == row.channel_id && message
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

/// The tokens through which challenges' messages can be edited where the bot reaches the chat
/// only through tokens: the interaction whose answer (or follow-up, `message`) each is, and
/// when it was issued. Memory only: after a restart an expiry there is not shown.
#[derive(Default)]
pub(crate) struct ChallengeTokens(HashMap<i64, (Token, Option<u64>, i64)>);

impl Games {
    /// Challenge `id`'s message was made through `token` (as its `message` follow-up, or its
    /// response): its expiry can be shown through it.
    pub fn challenge_through(&self, id: i64, token: &str, message: Option<u64>) {
        let (now, window) = (self.now(), self.hand_edit_window);
        let mut tokens = self.challenge_tokens.lock().expect("challenge token lock");
        tokens
            .0
            .retain(|_, (_, _, at)| super::token_fresh(now, *at, window));
        tokens.0.insert(id, (Token::new(token), message, now));
    }

    /// How challenge `id`'s message is reached: through its channel, or through the token
    /// that made it while that lives (taken: the challenge is closed).
    pub(crate) fn challenge_via(&self, row: &ChallengeRow, message: u64) -> Option<Via> {
        let place = Place::stored(row.place_kind, row.guild_id, row.channel_id);
        let kept = {
            let mut tokens = self.challenge_tokens.lock().expect("challenge token lock");
            tokens.0.remove(&row.id)
        };
        match place.reach() {
            Reach::Channel => Some(Via::Channel {
                channel: row.channel_id,
                message,
            }),
            Reach::Tokens => kept
                .filter(|(_, _, at)| super::token_fresh(self.now(), *at, self.hand_edit_window))
                .map(|(token, message, _)| Via::Token { token, message }),
        }
    }
}

/// Whether challenge `row` was made where the bot reaches the chat only through interactions.
fn reached_by_tokens(row: &ChallengeRow) -> bool {
    Place::stored(row.place_kind, row.guild_id, row.channel_id).reach() == Reach::Tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::testing::{games, WINDOW};
    use crate::games::GameChoice;
    use std::sync::atomic::{AtomicI64, Ordering};
    use std::sync::Arc;

    const ANN: u64 = 10;
    const BEN: u64 = 11;

    fn caller(place: Place, channel: u64, user: u64) -> Caller {
        Caller {
            place,
            channel_id: channel,
            user_id: user,
            name: format!("P{user}"),
            lang: Lang::En,
            guild_lang: Lang::En,
            message_id: None,
        }
    }

    fn group(channel: u64) -> Place {
        Place::Private {
            channel,
            group: true,
        }
    }

    /// Ann challenges Ben in `place`: the challenge's id, or the refusal.
    async fn challenge(games: &Games, place: Place, channel: u64) -> Result<i64, Refusal> {
        let ben = UserRef {
            id: BEN,
            name: "Ben".into(),
            bot: false,
        };
        let game = GameChoice::Gin(Default::default());
        let out = games
            .challenges()
            .start(&caller(place, channel, ANN), &[ben], game, None)
            .await;
        match (out.reply_is, out.reply) {
            (Some(ReplyRole::Challenge(id)), _) => Ok(id),
            (_, Reply::Refused(why)) => Err(why),
            (_, other) => panic!("{other:?}"),
        }
    }

    /// Outside servers a challenge is open no longer than its message's token is used, and
    /// its expiry is shown through that token while it lives, never through the channel; in
    /// a server with the bot, through the channel.
    #[tokio::test]
    async fn a_challenge_outside_servers_expires_while_its_token_lives() {
        let now = Arc::new(AtomicI64::new(1_000_000));
        let (_dir, games) = games(now.clone()).await;
        let id = challenge(&games, group(700), 700).await.unwrap();
        let row = games.db.challenges().challenge(id).await.unwrap().unwrap();
        assert_eq!(row.place_kind, crate::store::PlaceKind::GroupDm);
        assert!(row.expires_at - now.load(Ordering::SeqCst) < WINDOW);
        games.challenge_through(id, "cmd", None);
        now.store(row.expires_at, Ordering::SeqCst);
        let via = Via::Token {
            token: Token::new("cmd"),
            message: None,
        };
        assert_eq!(games.challenge_via(&row, 55), Some(via));
        assert_eq!(games.challenge_via(&row, 55), None, "taken once");
        // A token past its time reaches nothing.
        games.challenge_through(id, "cmd", Some(56));
        now.fetch_add(WINDOW, Ordering::SeqCst);
        assert_eq!(games.challenge_via(&row, 55), None);
        let server = Place::Guild {
            guild: 1,
            member: true,
        };
        let id = challenge(&games, server, 800).await.unwrap();
        let row = games.db.challenges().challenge(id).await.unwrap().unwrap();
        let minutes = games.config.timeouts.challenge_minutes as i64;
        assert_eq!(row.expires_at - now.load(Ordering::SeqCst), minutes * 60);
        let channel = Via::Channel {
            channel: 800,
            message: 57,
        };
        assert_eq!(games.challenge_via(&row, 57), Some(channel));
    }

    /// Declines pause a challenger in the DM they were made in only; nobody can be challenged
    /// in the bot's own DM.
    #[tokio::test]
    async fn declines_stay_in_their_dm() {
        let now = Arc::new(AtomicI64::new(1_000_000));
        let (_dir, games) = games(now.clone()).await;
        for _ in 0..DECLINES_BEFORE_PAUSE {
            let id = challenge(&games, group(700), 700).await.unwrap();
            let declined = games
                .challenges()
                .decline(&caller(group(700), 700, BEN), id)
                .await;
            assert!(matches!(declined.reply, Reply::ChallengeDeclined { .. }));
            now.fetch_add(1, Ordering::SeqCst);
        }
        let paused = challenge(&games, group(700), 700).await;
        assert!(
            matches!(paused, Err(Refusal::DeclinedRecently { .. })),
            "{paused:?}"
        );
        assert!(challenge(&games, group(701), 701).await.is_ok());
        let own = challenge(&games, Place::BotDm { channel: 702 }, 702).await;
        assert_eq!(own, Err(Refusal::ChallengeInBotDm));
    }
}
