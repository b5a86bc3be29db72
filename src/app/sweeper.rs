//! The sweeper's task: the sweep on its tick (it notes the heartbeat and renews the lease of
//! the shards), and the tournaments' organizer beside it. The two run side by side in one
//! task, so a slow organizer pass (a slow database, many events) never holds up a sweep and
//! its lease renewal; the task ends when the sweep finds the lease lost.

use crate::games::organizer::TournamentPass;
use crate::games::Games;
use crate::ui::{Deliverer, Transport};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// The longest the organizer spends showing tournaments' messages after a pass: what is not
/// shown by then is shown by a later pass (it is still behind).
const SHOW_BUDGET: Duration = Duration::from_secs(30);

/// Sweeps every `every`, and runs the organizer after each interval and whenever woken.
pub(crate) async fn run<T: Transport>(
    games: Arc<Games>,
    deliverer: Arc<Deliverer<T>>,
    every: Duration,
) {
    let organizer = games.clone();
    let pass = move || {
        let games = organizer.clone();
        async move { games.tournaments().run_tournaments().await }
    };
    run_with(games, deliverer, every, pass).await
}

/// [`run`] with the organizer's pass given (a test slows it down).
async fn run_with<T, P, F>(
    games: Arc<Games>,
    deliverer: Arc<Deliverer<T>>,
    every: Duration,
    pass: P,
) where
    T: Transport,
    P: Fn() -> F,
    F: Future<Output = TournamentPass>,
{
    let sweeping = async {
        let mut tick = tokio::time::interval(every);
        loop {
            tick.tick().await;
            if !sweep(&games, &deliverer).await {
                break;
            }
        }
    };
    // The organizer after every interval, and at once when woken (a tournament match
    // ended, a moderator asked for a step).
    let organizing = async {
        let mut tick = tokio::time::interval(every);
        let show_budget = every.min(SHOW_BUDGET);
        let tournaments = games.tournaments();
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                () = tournaments.organizer_woken() => {}
            }
            organize(&deliverer, pass().await, show_budget).await;
        }
    };
    tokio::select! {
        () = sweeping => {}
        () = organizing => {}
    }
}

/// One sweep, its deliveries each in a task of its own: false once the lease is lost.
async fn sweep<T: Transport>(games: &Games, deliverer: &Arc<Deliverer<T>>) -> bool {
    let found = games.sweeper().sweep().await;
    if found.lease_lost {
        return false;
    }
    for d in found.deliveries {
        let deliverer = deliverer.clone();
        tokio::spawn(async move { deliverer.deliver(d).await });
    }
    for c in found.expired {
        let deliverer = deliverer.clone();
        tokio::spawn(async move { deliverer.expired(c).await });
    }
    true
}

/// Hands on what an organizer pass found: the opened tables each in a task of its own, the
/// events' messages in order (a message never goes back to an older step), and the notes to
/// organizers of lost channels.
async fn organize<T: Transport>(
    deliverer: &Arc<Deliverer<T>>,
    pass: TournamentPass,
    budget: Duration,
) {
    for d in pass.deliveries {
        let deliverer = deliverer.clone();
        tokio::spawn(async move { deliverer.deliver(d).await });
    }
    // The notes first, on a budget of their own: an event's show that keeps retrying never
    // keeps another's organizer from being told.
    let notes = async {
        for note in pass.notes {
            deliverer.tell_organizer(note).await;
        }
    };
    if tokio::time::timeout(budget, notes).await.is_err() {
        tracing::warn!("telling organizers took too long; the next pass goes on");
    }
    let shows = async {
        for show in pass.shows {
            deliverer.show_tournament(show).await;
        }
    };
    if tokio::time::timeout(budget, shows).await.is_err() {
        tracing::warn!("showing tournaments took too long; the next pass goes on");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::model::Msg;
    use crate::ui::SendError;
    use std::sync::atomic::{AtomicI64, Ordering};

    struct Nowhere;

    impl Transport for Nowhere {
        async fn post(&self, _: u64, _: &Msg, _: Option<&str>) -> Result<u64, SendError> {
            Ok(1)
        }
        async fn edit(&self, _: u64, _: u64, _: &Msg) -> Result<(), SendError> {
            Ok(())
        }
        async fn edit_ephemeral(&self, _: &str, _: &Msg) -> Result<(), SendError> {
            Ok(())
        }
    }

    /// An organizer pass that hangs (a database slow for the organizer's queries) does not
    /// hold up the sweeps: the heartbeat, which renews the lease, goes on.
    #[tokio::test]
    async fn a_hanging_organizer_pass_does_not_stop_the_heartbeat() {
        // Each reading of the clock a second later: every heartbeat stores a newer time.
        let ticks = Arc::new(AtomicI64::new(1_800_000_000));
        let clock = ticks.clone();
        let clock = Arc::new(move || clock.fetch_add(1, Ordering::SeqCst));
        let (_dir, games) = crate::games::testing::games_on(clock).await;
        let (db, games) = (games.db.clone(), Arc::new(games));
        let deliverer = Deliverer::new(games.clone(), Nowhere);
        let hang = || async {
            std::future::pending::<()>().await;
            TournamentPass::default()
        };
        let every = Duration::from_millis(50);
        let task = tokio::spawn(run_with(games.clone(), deliverer, every, hang));
        let mut beats = Vec::new();
        for _ in 0..3 {
            tokio::time::sleep(Duration::from_millis(400)).await;
            beats.push(db.heartbeat().last_beat().await.unwrap().unwrap_or(0));
        }
        task.abort();
        assert!(
            beats[0] > 0 && beats[1] > beats[0] && beats[2] > beats[1],
            "the heartbeat goes on while the organizer hangs: {beats:?}"
        );
    }
}
