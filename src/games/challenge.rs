//! Challenges: `/gin start` asks, the challenged players accept or decline, the match begins.

use super::effects::{Delivery, Effect, PART_MESSAGES};
use super::game::Game;
use super::scenes::ChallengeScene;
use super::scenes::RulesOf;
use super::{
    Caller, ChallengeRow, ChallengeState, Deliveries, Failure, Games, Live, Outcome, Refusal,
    Reply, ReplyRole,
};
use crate::engine::rummy::{RummyMatch, RummyRules};
use crate::engine::{deck, Match, PartnershipMatch, Preset, Rules, TeamMatch, PARTNERSHIP_TARGET};
use crate::i18n::Lang;
use crate::store::{Acceptance, NewChallenge, NewMatch, OutboxKey};

/// A user named in a command.
#[derive(Clone, Debug)]
pub struct UserRef {
    pub id: u64,
    pub name: String,
    pub bot: bool,
}

/// Which game a new match plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameChoice {
    Gin(GinChoice),
    /// Basic Rummy, for 2 to 6 players, with these options (the target is set apart).
    Rummy(RummyRules),
}

/// A Gin match's preset (the server's default when `None`), and whether it is Straight Gin
/// (RULES.md section 13: knock limit 0, only gin ends a hand).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GinChoice {
    pub preset: Option<Preset>,
    pub straight: bool,
    /// Hollywood scoring (RULES.md section 13): three games on one sheet, two players.
    pub hollywood: bool,
    /// A four-player team game (RULES.md section 11) instead of two or three players.
    pub teams: Option<TeamMode>,
}

/// The four-player games: two teams of two, partners opposite (seats 0 and 2, 1 and 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamMode {
    /// Partnership Gin (RULES.md section 11a).
    Partnership,
    /// Team Gin with card swap (RULES.md section 11b).
    Team,
}

impl GinChoice {
    /// The rules this choice plays, with the target a command asked for.
    pub(crate) fn rules(
        self,
        default: Preset,
        target: Option<i64>,
    ) -> Result<(Preset, Rules), Failure> {
        let preset = self.preset.unwrap_or(default);
        // Partnership Gin plays to 125 unless the match says otherwise.
        let target = match (target, self.teams) {
            (None, Some(TeamMode::Partnership)) => Some(i64::from(PARTNERSHIP_TARGET)),
            _ => target,
        };
        let mut rules = rules_with_target(preset, target)?;
        if self.straight {
            // Oklahoma would take the limit from the upcard: Straight Gin has none.
            rules.oklahoma = false;
            rules
                .set("knock_limit", "0")
                .map_err(|_| Refusal::Internal)?;
        }
        rules.hollywood = self.hollywood;
        Ok((preset, rules))
    }

    /// The rules as the game they play.
    pub(crate) fn rules_of(
        self,
        default: Preset,
        target: Option<i64>,
    ) -> Result<(Preset, RulesOf), Failure> {
        let (preset, rules) = self.rules(default, target)?;
        Ok((
            preset,
            match self.teams {
                None => RulesOf::Gin(rules),
                Some(TeamMode::Partnership) => RulesOf::Partnership(rules),
                Some(TeamMode::Team) => RulesOf::Team(rules),
            },
        ))
    }
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

/// The preset name a Rummy match is stored under.
pub const RUMMY_PRESET: &str = "rummy";

impl Games {
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
        caller.guild_id.ok_or(Refusal::GuildOnly)?;
        let (least, most) = match &game {
            GameChoice::Gin(c) if c.teams.is_some() && c.hollywood => (0, 0),
            GameChoice::Gin(c) if c.teams.is_some() => (3, 3),
            GameChoice::Gin(c) if c.hollywood => (1, 1),
            GameChoice::Gin(_) => (1, 2),
            GameChoice::Rummy(_) => (1, 5),
        };
        if opponents.len() < least.max(1) || opponents.len() > most {
            return Err(Refusal::PlayerCount.into());
        }
        let guild = caller.guild_id.unwrap_or_default();
        self.ensure_settings(guild).await?;
        let (preset, rules) = match game {
            GameChoice::Gin(choice) => {
                let target = target.or(self.default_target(guild));
                let (preset, rules) = choice.rules_of(self.default_preset(guild), target)?;
                (preset.name(), rules)
            }
            GameChoice::Rummy(rules) => (RUMMY_PRESET, RulesOf::Rummy(rummy_rules(rules, target)?)),
        };
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
        let guild_id = caller.guild_id.ok_or(Refusal::GuildOnly)?;
        self.ensure_settings(guild_id).await?;
        self.check_channel(caller)?;
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
            rules_json: rules_json(&rules),
            locale: self.public_lang(caller).code().to_string(),
            now,
            expires_at: now + minutes as i64 * 60,
        };
        let id = self.db.create_challenge(&new).await?;
        let row = new.stored_as(id);
        tracing::info!(
            challenge = id,
            challenger = caller.user_id,
            "challenge opened"
        );
        let mut out = challenge_reply(self.public_lang(caller), row, rules, minutes, false);
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

    /// A challenge and its language, if the caller is one of the challenged.
    async fn challenge_of(
        &self,
        caller: &Caller,
        id: i64,
    ) -> Result<(ChallengeRow, Lang), Failure> {
        let row = self.db.challenge(id).await?.ok_or(Refusal::UnknownButton)?;
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
            self.db.close_challenge(id, ChallengeState::Expired).await?;
            return Ok(Outcome::reply(Reply::ChallengeExpired { lang }));
        }
        let rules = read_rules(&row.preset, &row.rules_json)
            .map_err(|e| crate::store::StoreError::Corrupt(format!("challenge {id}: {e}")))?;
        // The match as it starts if this acceptance is the last one.
        let seed = self.next_seed();
        let seats = 1 + row.opponents.len() as u8;
        let game = new_game(&rules, seats, seed).ok_or(Refusal::Internal)?;
        // The challenge message becomes the table through the answer; should the answer
        // fail, this stored delivery makes it the table all the same.
        let table = Delivery {
            key: OutboxKey {
                match_id: 0,
                version: 0,
                part: PART_MESSAGES,
            },
            due_ms: self.now_ms(),
            effects: vec![Effect::Table],
        };
        let mut players = vec![(row.challenger.0, row.challenger.1.clone(), false)];
        players.extend(row.opponents.iter().map(|(u, n)| (*u, n.clone(), false)));
        let new = NewMatch {
            guild_id: row.guild_id,
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
        };
        // One transaction: two players accepting at once both count, and a match exists
        // exactly when its challenge is closed as accepted.
        let accepted = match self.db.accept_challenge(id, caller.user_id, &new).await {
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
                    &self.timeouts_for(live.guild_id),
                    self.public_look(live.guild_id),
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

/// A preset's rules with the target a command asked for (10 to 500).
pub(crate) fn rules_with_target(preset: Preset, target: Option<i64>) -> Result<Rules, Failure> {
    let mut rules = preset.rules();
    if let Some(t) = target {
        rules
            .set("target", &t.to_string())
            .map_err(|_| Refusal::TargetRange)?;
    }
    Ok(rules)
}

/// The most hands a Rummy match may be set to last (`rounds`).
pub const MAX_ROUNDS: u32 = 50;

/// Basic Rummy's rules with the target a command asked for (RULES.md's 100 by default); a
/// `rounds` out of 1 to [`MAX_ROUNDS`] is refused, like the target out of its bounds.
pub(crate) fn rummy_rules(
    mut rules: RummyRules,
    target: Option<i64>,
) -> Result<RummyRules, Failure> {
    if rules.rounds.is_some_and(|r| !(1..=MAX_ROUNDS).contains(&r)) {
        return Err(Refusal::RoundsRange.into());
    }
    if let Some(t) = target {
        if !(10..=500).contains(&t) {
            return Err(Refusal::TargetRange.into());
        }
        rules.target = t as u32;
    }
    Ok(rules)
}

/// A four-player game's rules as stored: `{"partnership": {...}}` or `{"team": {...}}`.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum StoredTeamRules {
    Partnership(Rules),
    Team(Rules),
}

/// Rules as a challenge stores them.
pub(crate) fn rules_json(rules: &RulesOf) -> String {
    match rules {
        RulesOf::Gin(r) => serde_json::to_string(r),
        RulesOf::Rummy(r) => serde_json::to_string(r),
        RulesOf::Partnership(r) => serde_json::to_string(&StoredTeamRules::Partnership(r.clone())),
        RulesOf::Team(r) => serde_json::to_string(&StoredTeamRules::Team(r.clone())),
    }
    .expect("rules serialize")
}

/// A challenge's stored rules: Rummy's under its preset name, a four-player game's in its
/// wrapper, Gin's otherwise.
fn read_rules(preset: &str, json: &str) -> Result<RulesOf, serde_json::Error> {
    if preset == RUMMY_PRESET {
        return Ok(RulesOf::Rummy(serde_json::from_str(json)?));
    }
    Ok(match serde_json::from_str::<StoredTeamRules>(json) {
        Ok(StoredTeamRules::Partnership(r)) => RulesOf::Partnership(r),
        Ok(StoredTeamRules::Team(r)) => RulesOf::Team(r),
        Err(_) => RulesOf::Gin(serde_json::from_str(json)?),
    })
}

/// A new match of `seats` players dealt from `seed`; `None` if the game has no such table.
pub(crate) fn new_game(rules: &RulesOf, seats: u8, seed: deck::Seed) -> Option<Game> {
    Some(match rules {
        RulesOf::Gin(r) => Game::Gin(Match::new(r.clone(), seats, seed).ok()?),
        RulesOf::Rummy(r) => Game::Rummy(RummyMatch::new(r.clone(), seats, seed).ok()?),
        RulesOf::Partnership(r) if seats == 4 => {
            Game::Partnership(PartnershipMatch::new(r.clone(), seed))
        }
        RulesOf::Team(r) if seats == 4 => Game::Team(TeamMatch::new(r.clone(), seed)),
        RulesOf::Partnership(_) | RulesOf::Team(_) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Straight Gin on any preset, Oklahoma's included: no knock limit from the upcard.
    #[test]
    fn straight_gin_turns_every_preset_into_gin_only() {
        for preset in [
            Preset::Classic,
            Preset::Hoyle,
            Preset::Flipside,
            Preset::Oklahoma,
        ] {
            let choice = GinChoice {
                preset: Some(preset),
                straight: true,
                hollywood: false,
                teams: None,
            };
            let (_, rules) = choice.rules(Preset::Classic, None).unwrap();
            assert_eq!((rules.knock_limit, rules.oklahoma), (0, false), "{preset}");
        }
    }

    /// A four-player challenge's rules read back as the game they were stored for.
    #[test]
    fn team_rules_are_stored_with_their_game() {
        let rules = Preset::Classic.rules();
        for stored in [
            RulesOf::Partnership(rules.clone()),
            RulesOf::Team(rules.clone()),
            RulesOf::Gin(rules.clone()),
        ] {
            let back = read_rules("classic", &rules_json(&stored)).unwrap();
            assert_eq!(format!("{back:?}"), format!("{stored:?}"));
        }
        let choice = GinChoice {
            teams: Some(TeamMode::Partnership),
            ..GinChoice::default()
        };
        let (_, r) = choice.rules_of(Preset::Classic, None).unwrap();
        assert_eq!(
            r.target(),
            PARTNERSHIP_TARGET,
            "Partnership Gin plays to 125"
        );
    }
}
