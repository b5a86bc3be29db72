//! Button presses run in tasks of the bot's own, at most [`AT_ONCE`] at a time.
//!
//! serenity runs every event in a task of its own that holds the whole interaction (the
//! pressed message comes along with all its buttons), and poise boxes its handler around it.
//! After a restart thousands of players may press at once; holding all of that until the last
//! is answered costs tens of kilobytes a press, and as many HTTP connections as answers in
//! flight. So a press is cut down at once to what answering it needs ([`Pressed`]), the
//! event's task ends, and the press waits for one of the places in a small task of its own.

use super::{adapter, after_answer, DiscordOut, DEFER_AFTER};
use crate::games::{Caller, Games};
use crate::ui::model::Response;
use crate::ui::Deliverer;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tracing::Instrument;

/// Presses worked on at once. Enough to keep the store's group commit full and, with
/// Discord's round trip of about 0.1 s per answer, to answer over a thousand presses a second
/// in one process; few enough that a burst costs little memory and few connections. (Against
/// the local fake, `cargo bench --bench load -- --only resume` peaked at 71 to 77 MB for
/// anything from 32 to 256, against 135 MB unbounded.)
pub(super) const AT_ONCE: usize = 128;

/// What answering a press needs, and nothing more of the interaction.
pub(super) struct Pressed {
    pub id: serenity::InteractionId,
    pub token: String,
    pub caller: Caller,
    pub custom_id: String,
    /// A menu's chosen values.
    pub values: Vec<String>,
    /// Whether the pressed message is ephemeral (a hand) rather than public.
    pub private: bool,
    /// The custom ids of the pressed message's own buttons and menus.
    pub buttons: Vec<String>,
    /// When the event was read: Discord's deadline for a first answer runs from then.
    pub arrived: Instant,
}

impl Pressed {
    /// The parts of `ci` a press needs.
    pub fn of(ci: &serenity::ComponentInteraction, caller: Caller, arrived: Instant) -> Pressed {
        Pressed {
            id: ci.id,
            token: ci.token.clone(),
            caller,
            custom_id: ci.data.custom_id.clone(),
            values: match &ci.data.kind {
                serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
                _ => Vec::new(),
            },
            private: ci
                .message
                .flags
                .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL)),
            buttons: adapter::custom_ids(&ci.message),
            arrived,
        }
    }
}

/// The places presses are worked on in. Places go in the order asked, so whoever takes them
/// all ([`Places::drain`]) has waited for every press that asked before.
#[derive(Clone)]
pub struct Places(Arc<Semaphore>);

impl Places {
    pub(super) fn new() -> Places {
        Places(Arc::new(Semaphore::new(AT_ONCE)))
    }

    /// Waits, up to `within`, until every press that arrived so far is answered (what follows
    /// an answer is in the outbox, delivered after a restart if not before). Whether they all
    /// were: a stop must not leave a player's move unanswered while its answer is seconds away.
    pub async fn drain(&self, within: std::time::Duration) -> bool {
        let all = AT_ONCE as u32;
        tokio::time::timeout(within, self.0.acquire_many(all))
            .await
            .is_ok_and(|taken| taken.is_ok())
    }
}

/// The places presses are worked on in, and what working on them needs.
pub(super) struct Presses {
    places: Places,
    work: Arc<Work>,
}

/// What every press is worked on with.
struct Work {
    games: Arc<Games>,
    deliverer: Arc<Deliverer<DiscordOut>>,
    http: Arc<serenity::Http>,
}

impl Presses {
    pub fn new(
        places: Places,
        games: Arc<Games>,
        deliverer: Arc<Deliverer<DiscordOut>>,
        http: Arc<serenity::Http>,
    ) -> Presses {
        Presses {
            places,
            work: Arc::new(Work {
                games,
                deliverer,
                http,
            }),
        }
    }

    /// Works on `pressed` once a place is free (places go in the order asked). A press still
    /// waiting when Discord's deadline nears is acknowledged first, place or not: the wait is
    /// a small task of its own, and the work a task of its own once it has its place.
    pub fn push(&self, pressed: Pressed) {
        let (places, work) = (self.places.0.clone(), self.work.clone());
        tokio::spawn(async move {
            let deadline = (pressed.arrived + DEFER_AFTER).into();
            let (place, deferred) = tokio::select! {
                place = places.clone().acquire_owned() => (place, None),
                () = tokio::time::sleep_until(deadline) => {
                    // Boxed: only a press that waits this long carries the request's state.
                    let acknowledged = Box::pin(defer(&work.http, &pressed)).await;
                    (places.acquire_owned().await, Some(acknowledged))
                }
            };
            let Ok(place) = place else {
                return;
            };
            tokio::spawn(answer(work, pressed, deferred, place));
        });
    }
}

/// Acknowledges a press that will be answered later (Discord waits 3 s for a first answer):
/// whether Discord took the acknowledgement.
async fn defer(http: &serenity::Http, p: &Pressed) -> bool {
    tracing::info!(user = p.caller.user_id, "slow press: deferred");
    let sent = adapter::acknowledge(http, (p.id, &p.token)).await;
    let outcome = if sent.is_ok() { "deferred" } else { "failed" };
    crate::metrics::get().interaction("press", outcome, Some(p.arrived.elapsed()));
    match sent {
        Ok(()) => true,
        Err(e) => {
            tracing::warn!(error = %e, "deferring the press");
            false
        }
    }
}

/// Works out the press, answers it (`deferred`: it was acknowledged already, and whether
/// Discord took that), lets go of its place, and delivers what follows: deliveries wait their
/// turn per match and Discord's rate limits, which must not keep other presses from being
/// answered.
async fn answer(work: Arc<Work>, p: Pressed, deferred: Option<bool>, place: OwnedSemaphorePermit) {
    let Work {
        games,
        deliverer,
        http,
    } = &*work;
    // Printed with every line inside it: the id without its card (see `Press::for_log`),
    // worked out only when the span is logged.
    let span = tracing::info_span!(
        "press",
        user = p.caller.user_id,
        id = %crate::ui::ids::Press::for_log(&p.custom_id)
    );
    async move {
        let faces = deliverer.faces();
        let work = crate::ui::press_on(
            games,
            &p.caller,
            &p.custom_id,
            &p.values,
            p.private,
            Some(&p.buttons),
        );
        tokio::pin!(work);
        // The action is already stored when it is answered: even if the answer fails, the
        // table must move on, so what follows runs whatever became of the answer.
        // The message the answer is on: the pressed one, or (a rematch's challenge or table)
        // the new public message the answer created.
        let mut message = p.caller.message_id;
        let mut followups = 0;
        let deadline = (p.arrived + DEFER_AFTER).into();
        // Whether the first answer went out (the response, or the acknowledgement).
        let mut answered = deferred.unwrap_or(false);
        let on_time = if deferred.is_some() {
            None
        } else {
            tokio::select! {
                answer = &mut work => Some(answer),
                () = tokio::time::sleep_until(deadline) => {
                    answered = defer(http, &p).await;
                    None
                }
            }
        };
        let answer = match on_time {
            Some(answer) => {
                let shown = faces.dress_response(&answer.response);
                let sent = adapter::answer_press(http, (p.id, &p.token), &shown).await;
                answered = sent.is_ok();
                let outcome = if answered { "answered" } else { "failed" };
                crate::metrics::get().interaction("press", outcome, Some(p.arrived.elapsed()));
                match sent {
                    Err(e) => tracing::warn!(error = %e, "answering the press"),
                    Ok(())
                        if answer.reply_is.is_some()
                            && matches!(answer.response, Response::Public(_)) =>
                    {
                        message = http
                            .get_original_interaction_response(&p.token)
                            .await
                            .ok()
                            .map(|m| m.id.get());
                    }
                    Ok(()) => {}
                }
                answer
            }
            None => {
                let mut answer = work.await;
                let shown = faces.dress_response(&answer.response);
                let created = match adapter::answer_deferred(http, &p.token, &shown).await {
                    Ok(created) => created,
                    Err(e) => {
                        tracing::warn!(error = %e, "answering the deferred press");
                        None
                    }
                };
                if !matches!(answer.response, Response::Update(_)) {
                    // The token's own message is the one the button was on, not this new
                    // one: it must not be used to refresh a hand. The new one (a rematch's
                    // challenge, say) is the follow-up: one of the interaction's, even when its
                    // request failed (Discord may have made it all the same).
                    answer.hand_of = None;
                    followups = 1;
                    message = created;
                }
                answer
            }
        };
        drop(place);
        let through = super::Through {
            token: &p.token,
            lang: p.caller.lang,
            answered,
            message,
            followups,
        };
        after_answer(games, deliverer, answer, through).await;
    }
    .instrument(span)
    .await;
}
