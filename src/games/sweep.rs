//! Timers that survive restarts: expired challenges, idle reminders and forfeits are all read
//! from the database, so a restarted bot simply carries on.

use super::play::Quitter;
use super::{Effect, Games};
use crate::discord::model::Msg;
use crate::i18n::Lang;
use crate::tr;

impl Games {
    /// One pass of the sweeper: returns what to post or edit.
    pub async fn sweep(&self) -> Vec<Effect> {
        let mut effects = Vec::new();
        let now = self.now();
        match self.db.expired_challenges(now).await {
            Ok(rows) => {
                for row in rows {
                    if let Ok(true) = self.db.close_challenge(row.id, "expired").await {
                        if let Some(message) = row.message_id {
                            let lang = Lang::from_locale(&row.locale);
                            effects.push(Effect::Edit {
                                channel: row.channel_id,
                                message,
                                msg: Msg::text(tr!(lang, "challenge-expired")),
                            });
                        }
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "sweeping challenges"),
        }
        let t = &self.config.timeouts;
        let reminder = t.reminder().as_secs() as i64;
        let forfeit = t.forfeit().as_secs() as i64;
        let idle = match self.db.idle_matches(now - reminder).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(error = %e, "sweeping idle matches");
                Vec::new()
            }
        };
        effects.extend(self.due_ai_turns().await);
        for (match_id, version, reminded, idle_since) in idle {
            let Ok(guard) = self.lock(match_id).await else {
                continue;
            };
            let Some(live) = guard.as_ref() else { continue };
            if live.version != version || !live.is_active() || live.ai_to_act().is_some() {
                continue;
            }
            let Some(seat) = live.game.to_act() else {
                continue;
            };
            let (channel, user, lang) = (live.channel_id, live.users[seat as usize], live.lang);
            drop(guard);
            if now - idle_since >= forfeit {
                match self
                    .end_by_resignation(match_id, Quitter::Idle { version }, "forfeited")
                    .await
                {
                    Ok((msg, mut more)) => {
                        effects.push(Effect::Post {
                            channel,
                            msg: Msg::text(tr!(lang, "forfeit", player = format!("<@{user}>"))),
                        });
                        effects.push(Effect::Post { channel, msg });
                        effects.append(&mut more);
                        tracing::info!(match_id, seat, "forfeit by timeout");
                    }
                    Err(_) => continue,
                }
            } else if !reminded {
                let mut msg = Msg::text(tr!(
                    lang,
                    "reminder",
                    player = format!("<@{user}>"),
                    hours = t.forfeit_hours
                ));
                msg.mentions = vec![user];
                effects.push(Effect::Post { channel, msg });
                if let Err(e) = self.db.mark_reminded(match_id, version).await {
                    tracing::warn!(error = %e, "marking reminded");
                }
            }
        }
        effects
    }
}
