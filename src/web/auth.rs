//! What the web table asks Discord, through `api_base_url` as every REST call: the OAuth2
//! code exchange the Embedded App SDK needs (the page gets a code from Discord's
//! `authorize`, the bot trades it for the player's access token with the application's client
//! secret and reads who the player is), and the Activity instance a page runs in (its channel
//! and who is in it, as Discord says: never as the page says).

use crate::config::Secret;
use serde::Deserialize;
use std::time::Duration;

/// The player behind an access token.
#[derive(Clone, Debug)]
pub(super) struct Player {
    pub id: u64,
    pub name: String,
}

/// Why a code could not be traded; no secret or token is in it.
#[derive(Debug, thiserror::Error)]
pub(super) enum ExchangeError {
    #[error("Discord refused the code ({0})")]
    Refused(u16),
    #[error("Discord could not be reached: {0}")]
    Unreachable(String),
    #[error("Discord's answer did not read: {0}")]
    Unreadable(String),
}

/// Discord's OAuth2 endpoints, and the application they act for.
pub(super) struct Exchange {
    pub http: reqwest::Client,
    /// `https://discord.com`, or `api_base_url`.
    pub base: String,
    pub client_id: u64,
    pub secret: Secret,
    /// The bot's token, for the instances.
    pub bot_token: Secret,
}

/// Where an Activity instance runs, and who is in it.
#[derive(Clone, Debug)]
pub(super) struct Instance {
    pub channel_id: u64,
    /// None: a private channel (location kind `pc`).
    pub guild_id: Option<u64>,
    pub users: Vec<u64>,
}

impl Instance {
    /// The instance's place. Its location does not say whether the server added the bot:
    /// `members` (the servers the bot is in) does; a server not among them is taken to be
    /// without the bot, reached through tokens, which work either way. A private channel may
    /// be any DM; it is taken as a group DM, reached the same way.
    pub fn place(&self, members: &crate::games::Membership) -> crate::games::Place {
        use crate::games::Place;
        match self.guild_id {
            Some(guild) => Place::Guild {
                guild,
                member: members.is_member(guild),
            },
            None => Place::Private {
                channel: self.channel_id,
                group: true,
            },
        }
    }
}

/// What Discord definitely said of an instance.
#[derive(Clone, Debug)]
pub(super) enum Answer {
    Found(Instance),
    /// No such instance (404): it ended, or never was.
    Missing,
}

/// Why a lookup has no answer: nothing is known of the instance.
#[derive(Debug, thiserror::Error)]
pub(super) enum Unanswered {
    #[error("Discord asked for a pause of {0:?} (429)")]
    Limited(Duration),
    #[error("Discord did not answer: {0}")]
    Failed(String),
}

/// One lookup at Discord.
#[derive(Debug)]
pub(super) struct Lookup {
    pub answer: Result<Answer, Unanswered>,
    /// Discord's word that no lookup may be made for this long (a 429's `retry_after`, or a
    /// bucket spent).
    pub wait: Option<Duration>,
}

impl Lookup {
    fn failed(why: String) -> Lookup {
        Lookup {
            answer: Err(Unanswered::Failed(why)),
            wait: None,
        }
    }
}

/// The longest an instance lookup may take: a socket or a hello waits for it.
const LOOKUP_WAIT: Duration = Duration::from_secs(5);
/// The pause after a 429 that does not say how long.
const DEFAULT_PAUSE: Duration = Duration::from_secs(1);
/// The longest pause taken from Discord's headers (a garbled value is not a day's outage).
const LONGEST_PAUSE: Duration = Duration::from_secs(600);

#[derive(Deserialize)]
struct Limited {
    retry_after: f64,
}

/// A 429's pause: the body's `retry_after`, else the `Retry-After` header.
fn retry_after(headers: &reqwest::header::HeaderMap, body: &[u8]) -> Duration {
    let from_body = serde_json::from_slice::<Limited>(body)
        .ok()
        .map(|l| l.retry_after);
    let from_header = || header_secs(headers, "retry-after");
    from_body
        .or_else(from_header)
        .and_then(secs)
        .unwrap_or(DEFAULT_PAUSE)
}

/// The pause until the route's bucket refills, when the answer says it is spent.
fn spent_bucket(headers: &reqwest::header::HeaderMap) -> Option<Duration> {
    let remaining = header_secs(headers, "x-ratelimit-remaining")?;
    (remaining < 1.0)
        .then(|| header_secs(headers, "x-ratelimit-reset-after"))
        .flatten()
        .and_then(secs)
}

fn header_secs(headers: &reqwest::header::HeaderMap, name: &str) -> Option<f64> {
    headers.get(name)?.to_str().ok()?.trim().parse().ok()
}

fn secs(s: f64) -> Option<Duration> {
    (s.is_finite() && s >= 0.0).then(|| Duration::from_secs_f64(s).min(LONGEST_PAUSE))
}

/// An instance from a 200's body.
fn read_instance(body: &[u8]) -> Result<Instance, String> {
    let body: InstanceBody =
        serde_json::from_slice(body).map_err(|e| format!("unreadable: {e}"))?;
    let number = |s: &str, what: &str| s.parse().map_err(|_| format!("unreadable {what}"));
    Ok(Instance {
        channel_id: number(&body.location.channel_id, "channel")?,
        guild_id: match (body.location.kind, body.location.guild_id) {
            (Kind::Private, _) | (_, None) => None,
            (_, Some(g)) => Some(number(&g, "guild")?),
        },
        users: body.users.iter().filter_map(|u| u.parse().ok()).collect(),
    })
}

#[derive(Deserialize)]
struct InstanceBody {
    location: Location,
    #[serde(default)]
    users: Vec<String>,
}

#[derive(Deserialize)]
struct Location {
    #[serde(default)]
    kind: Kind,
    channel_id: String,
    #[serde(default)]
    guild_id: Option<String>,
}

/// A location's kind.
#[derive(Deserialize, Default, Clone, Copy)]
enum Kind {
    #[serde(rename = "gc")]
    Guild,
    /// A DM or group DM.
    #[serde(rename = "pc")]
    Private,
    /// Absent, or one not documented yet: read by its `guild_id`.
    #[default]
    #[serde(other)]
    Other,
}

#[derive(Deserialize)]
struct Token {
    access_token: String,
}

#[derive(Deserialize)]
struct Me {
    id: String,
    username: String,
    #[serde(default)]
    global_name: Option<String>,
}

impl Exchange {
    pub fn new(base: &str, client_id: u64, secret: Secret, bot_token: Secret) -> Exchange {
        let base = base.trim().trim_end_matches('/');
        Exchange {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .expect("an HTTP client"),
            base: if base.is_empty() {
                "https://discord.com".into()
            } else {
                base.into()
            },
            client_id,
            secret,
            bot_token,
        }
    }

    /// The Activity instance `id` (the SDK's `instanceId`), as Discord knows it, and how
    /// long Discord asks the bot to wait before its next lookup.
    pub async fn instance(&self, id: &str) -> Lookup {
        let sent = self
            .http
            .get(format!(
                "{}/api/v10/applications/{}/activity-instances/{id}",
                self.base, self.client_id
            ))
            .header("authorization", format!("Bot {}", self.bot_token.expose()))
            .timeout(LOOKUP_WAIT)
            .send()
            .await;
        let response = match sent {
            Ok(r) => r,
            Err(e) => return Lookup::failed(format!("unreachable: {}", e.without_url())),
        };
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let body = response.bytes().await.unwrap_or_default();
        let wait = spent_bucket(&headers);
        let answer = match status {
            200 => read_instance(&body)
                .map(Answer::Found)
                .map_err(Unanswered::Failed),
            404 => Ok(Answer::Missing),
            429 => Err(Unanswered::Limited(retry_after(&headers, &body))),
            other => Err(Unanswered::Failed(format!("status {other}"))),
        };
        let wait = match &answer {
            Err(Unanswered::Limited(d)) => Some(*d),
            _ => wait,
        };
        Lookup { answer, wait }
    }

    /// The bot's own user (the AI's seat in a practice match).
    pub async fn bot_user(&self) -> Result<Player, ExchangeError> {
        let me: Me = self
            .read(
                self.http
                    .get(format!("{}/api/v10/users/@me", self.base))
                    .header("authorization", format!("Bot {}", self.bot_token.expose())),
            )
            .await?;
        Ok(Player {
            id: me
                .id
                .parse()
                .map_err(|_| ExchangeError::Unreadable("id".into()))?,
            name: me.username,
        })
    }

    /// The access token `code` stands for, and whose it is.
    pub async fn trade(&self, code: &str) -> Result<(String, Player), ExchangeError> {
        let client_id = self.client_id.to_string();
        let form = [
            ("client_id", client_id.as_str()),
            ("client_secret", self.secret.expose()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ];
        let token: Token = self
            .read(
                self.http
                    .post(format!("{}/api/v10/oauth2/token", self.base))
                    .form(&form),
            )
            .await?;
        let me: Me = self
            .read(
                self.http
                    .get(format!("{}/api/v10/users/@me", self.base))
                    .bearer_auth(&token.access_token),
            )
            .await?;
        let id = me
            .id
            .parse()
            .map_err(|_| ExchangeError::Unreadable("user id".into()))?;
        let name = me
            .global_name
            .filter(|n| !n.trim().is_empty())
            .unwrap_or(me.username);
        Ok((token.access_token, Player { id, name }))
    }

    async fn read<T: serde::de::DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<T, ExchangeError> {
        // reqwest's errors name the URL, never the form or the headers.
        let response = request
            .send()
            .await
            .map_err(|e| ExchangeError::Unreachable(e.without_url().to_string()))?;
        let status = response.status();
        if !status.is_success() {
            return Err(ExchangeError::Refused(status.as_u16()));
        }
        let body = response
            .bytes()
            .await
            .map_err(|e| ExchangeError::Unreachable(e.without_url().to_string()))?;
        serde_json::from_slice(&body).map_err(|e| ExchangeError::Unreadable(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::{HeaderMap, HeaderValue};

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    /// A 429's pause: the body's `retry_after` first, then the header, then a second; a
    /// garbled or huge one is bounded.
    #[test]
    fn a_pause_is_read_from_the_body_then_the_header() {
        let body = br#"{"message": "You are being rate limited.", "retry_after": 2.5}"#;
        let h = headers(&[("retry-after", "7")]);
        assert_eq!(retry_after(&h, body), Duration::from_millis(2500));
        assert_eq!(retry_after(&h, b"<html>"), Duration::from_secs(7));
        assert_eq!(retry_after(&HeaderMap::new(), b""), DEFAULT_PAUSE);
        let huge = br#"{"retry_after": 1e12}"#;
        assert_eq!(retry_after(&HeaderMap::new(), huge), LONGEST_PAUSE);
        let negative = headers(&[("retry-after", "-3")]);
        assert_eq!(retry_after(&negative, b""), DEFAULT_PAUSE);
    }

    /// A bucket with nothing left says how long until it refills; one with some left, nothing.
    #[test]
    fn a_spent_bucket_is_a_pause() {
        let spent = headers(&[
            ("x-ratelimit-remaining", "0"),
            ("x-ratelimit-reset-after", "1.250"),
        ]);
        assert_eq!(spent_bucket(&spent), Some(Duration::from_millis(1250)));
        let left = headers(&[
            ("x-ratelimit-remaining", "3"),
            ("x-ratelimit-reset-after", "1.250"),
        ]);
        assert_eq!(spent_bucket(&left), None);
        assert_eq!(spent_bucket(&HeaderMap::new()), None);
    }

    /// A guild channel's instance is in its server, with the bot if it is a member there; a
    /// private channel's (`pc`) in none.
    #[test]
    fn an_instance_is_placed_by_its_location() {
        use crate::games::{Membership, Place};
        let members = Membership::default();
        let gc = br#"{"location": {"id": "gc-600-700", "kind": "gc", "channel_id": "700",
                      "guild_id": "600"}, "users": ["5"]}"#;
        let i = read_instance(gc).unwrap();
        let without = Place::Guild {
            guild: 600,
            member: false,
        };
        assert_eq!((i.place(&members), i.users.clone()), (without, vec![5]));
        members.joined(600);
        let server = Place::Guild {
            guild: 600,
            member: true,
        };
        assert_eq!(i.place(&members), server);
        let pc = br#"{"location": {"id": "pc-700", "kind": "pc", "channel_id": "700"}}"#;
        let dm = Place::Private {
            channel: 700,
            group: true,
        };
        assert_eq!(read_instance(pc).unwrap().place(&members), dm);
        // Without a kind (or with one not known yet), read by its server.
        let bare = br#"{"location": {"channel_id": "700", "guild_id": "600"}}"#;
        assert_eq!(read_instance(bare).unwrap().place(&members), server);
    }
}
