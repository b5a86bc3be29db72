//! Challenges: `/gin start` asks, the challenged players accept or decline, the match begins.

use super::{Caller, Effect, Failure, Games, Live, Outcome};
use crate::discord::ids::Press;
use crate::discord::model::{Button, Msg, Response, Style};
use crate::engine::{deck, Match, Preset, Rules};
use crate::i18n::Lang;
use crate::store::{Acceptance, ChallengeRow, NewChallenge, NewMatch};
use crate::tr;

/// A user named in a command.
#[derive(Clone, Debug)]
pub struct UserRef {
    pub id: u64,
    pub name: String,
    pub bot: bool,
}

impl Games {
    /// `/gin start`: posts a challenge with Accept and Decline.
    pub async fn start(
        &self,
        caller: &Caller,
        opponents: &[UserRef],
        preset: Option<Preset>,
        target: Option<i64>,
    ) -> Outcome {
        self.try_start(caller, opponents, preset, target)
            .await
            .unwrap_or_else(|f| f.into_outcome(caller.lang))
    }

    async fn try_start(
        &self,
        caller: &Caller,
        opponents: &[UserRef],
        preset: Option<Preset>,
        target: Option<i64>,
    ) -> Result<Outcome, Failure> {
        let guild_id = caller.guild_id.ok_or(Failure::User("err-guild-only"))?;
        if opponents.iter().any(|o| o.id == caller.user_id) {
            return Err(Failure::User("err-self-challenge"));
        }
        if opponents.iter().any(|o| o.bot) {
            return Err(Failure::User("err-bot-challenge"));
        }
        if opponents.len() == 2 && opponents[0].id == opponents[1].id {
            return Err(Failure::User("err-same-opponent"));
        }
        if self
            .db
            .busy_in_channel(caller.channel_id, caller.user_id)
            .await?
        {
            return Err(Failure::User("err-you-busy"));
        }
        for o in opponents {
            if self.db.busy_in_channel(caller.channel_id, o.id).await? {
                return Err(Failure::User("err-opponent-busy"));
            }
        }
        let preset = preset.unwrap_or(self.config.default_preset.0);
        let rules = rules_with_target(preset, target)?;
        let now = self.now();
        let minutes = self.config.timeouts.challenge_minutes;
        let new = NewChallenge {
            guild_id,
            channel_id: caller.channel_id,
            challenger: (caller.user_id, caller.name.clone()),
            opponents: opponents.iter().map(|o| (o.id, o.name.clone())).collect(),
            preset: preset.name().to_string(),
            rules_json: serde_json::to_string(&rules).expect("rules serialize"),
            locale: caller.guild_lang.code().to_string(),
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
        Ok(Outcome {
            response: Response::Public(challenge_msg(caller.guild_lang, &row, &rules, minutes)),
            effects: vec![Effect::ChallengeMessage(id)],
            hand_of: None,
        })
    }

    /// A challenge and its language, if the caller is one of the challenged.
    async fn challenge_of(
        &self,
        caller: &Caller,
        id: i64,
    ) -> Result<(ChallengeRow, Lang), Failure> {
        let row = self
            .db
            .challenge(id)
            .await?
            .ok_or(Failure::User("err-unknown-button"))?;
        if !row.opponents.iter().any(|o| o.0 == caller.user_id) {
            return Err(Failure::User("err-not-challenged"));
        }
        let lang = Lang::from_locale(&row.locale);
        Ok((row, lang))
    }

    /// Accept: once every challenged player has accepted, the match is dealt and the challenge
    /// message becomes the table.
    pub(crate) async fn accept(&self, caller: &Caller, id: i64) -> Result<Outcome, Failure> {
        let (row, lang) = self.challenge_of(caller, id).await?;
        if row.status != "open" {
            return Err(Failure::User("err-challenge-closed"));
        }
        if row.expires_at <= self.now() {
            self.db.close_challenge(id, "expired").await?;
            return Ok(Outcome::reply(Response::Update(Msg::text(tr!(
                lang,
                "challenge-expired"
            )))));
        }
        let rules: Rules = serde_json::from_str(&row.rules_json)
            .map_err(|e| crate::store::StoreError::Corrupt(format!("challenge {id}: {e}")))?;
        // The match as it starts if this acceptance is the last one.
        let seed = self.next_seed();
        let seats = 1 + row.opponents.len() as u8;
        let game =
            Match::new(rules.clone(), seats, seed).map_err(|_| Failure::User("err-internal"))?;
        let mut players = vec![(row.challenger.0, row.challenger.1.clone(), false)];
        players.extend(row.opponents.iter().map(|(u, n)| (*u, n.clone(), false)));
        let new = NewMatch {
            guild_id: row.guild_id,
            channel_id: row.channel_id,
            table_message_id: caller.message_id.or(row.message_id),
            format: if seats == 2 { "two" } else { "three" },
            preset: row.preset.clone(),
            rules_json: row.rules_json.clone(),
            locale: row.locale.clone(),
            state_json: serde_json::to_string(&game).expect("state serializes"),
            seed_hex: deck::seed_hex(&seed),
            players,
            ai_level: None,
            now: self.now(),
        };
        // One transaction: two players accepting at once both count, and a match exists
        // exactly when its challenge is closed as accepted.
        match self.db.accept_challenge(id, caller.user_id, &new).await? {
            Acceptance::Closed => Err(Failure::User("err-challenge-closed")),
            Acceptance::Waiting(accepted) => {
                let mut shown = row.clone();
                shown.accepted = accepted;
                let minutes = ((row.expires_at - self.now()).max(60) / 60) as u64;
                Ok(Outcome::reply(Response::Update(challenge_msg(
                    lang, &shown, &rules, minutes,
                ))))
            }
            Acceptance::Complete(match_id) => {
                let live = self.make_live(match_id, &new).await?;
                tracing::info!(challenge = id, match_id, "match started");
                Ok(Outcome::reply(Response::Update(live.table())))
            }
        }
    }

    /// Stores a new match and makes it live; returns a copy of its live state.
    pub(crate) async fn open_match(&self, new: &NewMatch) -> Result<Live, Failure> {
        let match_id = self.db.create_match(new).await?;
        self.make_live(match_id, new).await
    }

    /// Puts a just-stored match in memory; returns a copy of its live state.
    async fn make_live(&self, match_id: i64, new: &NewMatch) -> Result<Live, Failure> {
        let live = Live::from_row(new.stored_as(match_id))?;
        *self.slot(match_id).lock().await = Some(live.clone());
        Ok(live)
    }

    /// Decline: only a challenged player may (others get a friendly refusal).
    pub(crate) async fn decline(&self, caller: &Caller, id: i64) -> Result<Outcome, Failure> {
        let (_, lang) = self.challenge_of(caller, id).await?;
        if !self.db.close_challenge(id, "declined").await? {
            return Err(Failure::User("err-challenge-closed"));
        }
        Ok(Outcome::reply(Response::Update(Msg::text(tr!(
            lang,
            "challenge-declined",
            player = caller.name.clone()
        )))))
    }
}

/// A preset's rules with the target a command asked for (10 to 500).
pub(crate) fn rules_with_target(preset: Preset, target: Option<i64>) -> Result<Rules, Failure> {
    let mut rules = preset.rules();
    if let Some(t) = target {
        rules
            .set("target", &t.to_string())
            .map_err(|_| Failure::User("err-target-range"))?;
    }
    Ok(rules)
}

/// The public challenge message.
pub(crate) fn challenge_msg(lang: Lang, row: &ChallengeRow, rules: &Rules, minutes: u64) -> Msg {
    let mention = |u: u64| format!("<@{u}>");
    let opponents: Vec<String> = row.opponents.iter().map(|o| mention(o.0)).collect();
    let mut lines = vec![tr!(
        lang,
        "challenge-text",
        challenger = mention(row.challenger.0),
        opponents = opponents.join(", "),
        preset = row.preset.clone(),
        target = rules.target,
        minutes = minutes
    )];
    for a in &row.accepted {
        lines.push(tr!(lang, "challenge-accepted-by", player = mention(*a)));
    }
    let mut msg = Msg::text(lines.join("\n")).with_buttons(vec![
        Button::new(
            Press::Accept(row.id).encode(),
            tr!(lang, "button-accept"),
            Style::Success,
        ),
        Button::new(
            Press::Decline(row.id).encode(),
            tr!(lang, "button-decline"),
            Style::Danger,
        ),
    ]);
    msg.mentions = row
        .opponents
        .iter()
        .map(|o| o.0)
        .filter(|u| !row.accepted.contains(u))
        .collect();
    msg
}
