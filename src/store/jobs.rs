//! The writer's jobs: what the store hands its one writer to group, how each kind is
//! written, and the doors to them. Accepted moves are committed many at a time; new
//! challenges, acceptances and posted messages' ids, which a burst of match starts brings
//! many of, are written together at the end of a slice of the writer (see
//! [`super::writer::Together`]); delivered outbox rows are deleted with a later commit.
//! This file names the table files and the writer; neither of them names it.

use super::matches::{commit_states, store_action, store_states};
use super::outbox::delete_delivered;
use super::rows::{
    Accept, Acceptance, Delivered, MessageId, NewChallenge, NewMatch, OutboxKey, SavedAction,
};
use super::writer::{alone, stage_together, Answer, Done, Jobs, Savepoint};
use super::{Backend, Challenges, Matches, Outbox, StoreError};
use sqlx::AnyConnection;

/// The store's jobs, as the writer groups them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Writes;

impl Jobs for Writes {
    type Move = SavedAction;
    type Deletion = Delivered;
    type Batched = Batched;
    type Held = Held;

    /// Moves only: the state, log and outbox rows of an action that neither ends a hand nor
    /// the match. These go to the database together, in one round trip.
    fn plain(a: &SavedAction) -> bool {
        a.hands.is_empty() && a.result.is_none() && a.status.is_active()
    }

    async fn commit_plain(
        conn: &mut AnyConnection,
        backend: Backend,
        actions: &[&SavedAction],
        delivered: &[Delivered],
    ) -> Result<Vec<bool>, StoreError> {
        commit_states(conn, backend, actions, delivered).await
    }

    /// The statements of `actions` inside the caller's transaction: for each, whether it was
    /// still at its version and is written.
    async fn stage(
        conn: &mut AnyConnection,
        backend: Backend,
        actions: &[&SavedAction],
    ) -> Result<Vec<bool>, StoreError> {
        let simple: Vec<&SavedAction> =
            actions.iter().copied().filter(|a| Self::plain(a)).collect();
        let mut simple_stored = store_states(conn, backend, &simple).await?.into_iter();
        let mut stored = Vec::with_capacity(actions.len());
        for a in actions {
            stored.push(if Self::plain(a) {
                simple_stored.next().unwrap_or(false)
            } else {
                store_action(conn, backend, a).await?
            });
        }
        Ok(stored)
    }

    async fn delete(
        conn: &mut AnyConnection,
        backend: Backend,
        delivered: &[Delivered],
        own_transaction: bool,
    ) -> Result<(), StoreError> {
        delete_delivered(conn, backend, delivered, own_transaction).await
    }

    fn hold(held: &mut Held, job: Batched) {
        match job {
            Batched::MessageId(id, done) => held.message_ids.push((id, done)),
            Batched::Challenge(new, done) => held.challenges.push((*new, done)),
            Batched::Accept(accept, done) => held.accepts.push((*accept, done)),
        }
    }

    /// Kind by kind: no job of a slice has been answered yet, so none can depend on
    /// another's write (an acceptance names a challenge already stored, an id a message
    /// already posted).
    async fn stage_held(
        held: &mut Held,
        tx: &mut AnyConnection,
        answers: &mut Vec<Answer>,
        savepoint: &mut Savepoint,
    ) -> bool {
        let mut ok = stage_together(tx, &mut held.challenges, answers, savepoint).await;
        ok &= stage_together(tx, &mut held.accepts, answers, savepoint).await;
        ok &= stage_together(tx, &mut held.message_ids, answers, savepoint).await;
        ok
    }

    async fn alone(job: Batched, conn: &mut AnyConnection, backend: Backend) {
        match job {
            Batched::MessageId(id, done) => alone(conn, backend, id, done).await,
            Batched::Challenge(new, done) => alone(conn, backend, *new, done).await,
            Batched::Accept(accept, done) => alone(conn, backend, *accept, done).await,
        }
    }
}

/// The writes a burst brings many of (see [`super::writer::Together`]).
pub(crate) enum Batched {
    /// A posted message's id.
    MessageId(MessageId, Done<()>),
    /// A new challenge.
    Challenge(Box<NewChallenge>, Done<i64>),
    /// An acceptance of a challenge, with the match it may start.
    Accept(Box<Accept>, Done<Acceptance>),
}

/// The [`Batched`] jobs of a slice, by kind.
#[derive(Default)]
pub(crate) struct Held {
    challenges: Vec<(NewChallenge, Done<i64>)>,
    accepts: Vec<(Accept, Done<Acceptance>)>,
    message_ids: Vec<(MessageId, Done<()>)>,
}

impl Challenges<'_> {
    /// Stores a new challenge, open; its id.
    pub async fn create_challenge(&self, c: &NewChallenge) -> Result<i64, StoreError> {
        let new = Box::new(c.clone());
        self.writer
            .together(|done| Batched::Challenge(new, done))
            .await
    }

    /// Stores the id of a challenge's public message, for the edit when it closes.
    pub async fn set_challenge_message(
        &self,
        challenge_id: i64,
        message_id: u64,
    ) -> Result<(), StoreError> {
        let id = MessageId::Challenge {
            challenge_id,
            message_id,
        };
        self.writer
            .together(|done| Batched::MessageId(id, done))
            .await
    }

    /// Records `user`'s acceptance of an open challenge, in one transaction with everything it
    /// leads to: when it is the last acceptance, the challenge closes and `new_match` is stored.
    /// A challenge whose time ran out by `new_match.now` is closed as expired instead.
    pub async fn accept_challenge(
        &self,
        challenge_id: i64,
        user: u64,
        new_match: &NewMatch,
    ) -> Result<Acceptance, StoreError> {
        let accept = Box::new(Accept {
            challenge_id,
            user,
            new_match: new_match.clone(),
        });
        self.writer
            .together(|done| Batched::Accept(accept, done))
            .await
    }
}

impl Matches<'_> {
    /// Stores the id of a match's table message, posted for deal `deal`.
    pub async fn set_table_message(
        &self,
        match_id: i64,
        message_id: u64,
        deal: u32,
    ) -> Result<(), StoreError> {
        let id = MessageId::Table {
            match_id,
            message_id,
            deal,
        };
        self.writer
            .together(|done| Batched::MessageId(id, done))
            .await
    }

    /// Stores an accepted action, the new state and whatever the action finished, all in one
    /// transaction, only if the match is still at `a.version`. Returns false (nothing written)
    /// when another action was stored first. Actions arriving together share a transaction
    /// (group commit, see `store::writer`); each is answered only once it is committed.
    pub async fn save_action(&self, a: SavedAction) -> Result<bool, StoreError> {
        self.writer.save(a).await
    }
}

impl Outbox<'_> {
    /// Notes that a row was delivered: it is deleted with the next batch of other writes,
    /// or on its own within a fifth of a second or once 16 are waiting.
    pub fn outbox_delivered(&self, key: OutboxKey) {
        self.writer.delete_later(Delivered(key));
    }
}

#[cfg(test)]
mod tests {
    use super::Writes;
    use crate::store::fixtures::{action, db_with_matches, hold, stored};
    use crate::store::writer::Jobs;
    use crate::store::{OutboxKey, OutboxRow};

    /// An outbox row of no effects, due at once.
    fn row(match_id: i64, version: i64, part: u8) -> OutboxRow {
        OutboxRow {
            key: OutboxKey {
                match_id,
                version,
                part,
            },
            due_ms: 5,
            effects_json: "[]".into(),
        }
    }

    /// A batch stores each action still at its version and nothing of one that is not.
    #[tokio::test]
    async fn a_batch_keeps_the_version_guard_of_each_action() {
        let (_dir, db, ids) = db_with_matches(3).await;
        let (a, stale, b) = (action(ids[0], 0), action(ids[1], 4), action(ids[2], 0));
        let backend = db.backend();
        let result = db
            .write(move |conn| {
                Box::pin(async move { Writes::stage(conn, backend, &[&a, &stale, &b]).await })
            })
            .await
            .unwrap();
        assert_eq!(result, vec![true, false, true]);
        assert_eq!(stored(&db, ids[0]).await, ("s1".into(), 1, 1));
        assert_eq!(stored(&db, ids[1]).await, ("s0".into(), 0, 0));
        assert_eq!(stored(&db, ids[2]).await, ("s1".into(), 1, 1));
    }

    /// An action's outbox rows are stored in its transaction, and only if the action is: a
    /// stale action leaves no row behind.
    #[tokio::test]
    async fn outbox_rows_are_stored_with_their_action_and_only_with_it() {
        let (_dir, db, ids) = db_with_matches(2).await;
        let mut fresh = action(ids[0], 0);
        fresh.outbox = vec![row(ids[0], 1, 0), row(ids[0], 1, 1)];
        let mut stale = action(ids[1], 3);
        stale.outbox = vec![row(ids[1], 4, 0)];
        let (batch, backend) = ((fresh, stale), db.backend());
        let stored = db
            .write(move |conn| {
                Box::pin(async move { Writes::stage(conn, backend, &[&batch.0, &batch.1]).await })
            })
            .await
            .unwrap();
        assert_eq!(stored, vec![true, false]);
        let pending = db.outbox().pending_outbox().await.unwrap();
        assert_eq!(
            pending.iter().map(|r| r.key).collect::<Vec<_>>(),
            vec![row(ids[0], 1, 0).key, row(ids[0], 1, 1).key]
        );
        // Delivered rows go with the next batch of writes.
        db.outbox().outbox_delivered(row(ids[0], 1, 0).key);
        db.write(|_| Box::pin(async { Ok(()) })).await.unwrap();
        let left = db.outbox().pending_outbox().await.unwrap();
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].key, row(ids[0], 1, 1).key);
        // And in the same batch as moves (one statement on PostgreSQL): the writer is held
        // until both wait in its queue.
        let (release, held) = hold(&db).await;
        db.outbox().outbox_delivered(row(ids[0], 1, 1).key);
        let saved = tokio::spawn({
            let db = db.clone();
            async move { db.matches().save_action(action(ids[0], 1)).await }
        });
        tokio::task::yield_now().await;
        release.send(()).unwrap();
        held.await.unwrap();
        assert!(saved.await.unwrap().unwrap());
        assert!(db.outbox().pending_outbox().await.unwrap().is_empty());
    }

    /// A delivered row noted while nothing else is written waits for a commit with other
    /// work, and after a while goes in a commit of its own: one, not one per row.
    #[tokio::test]
    async fn delivered_rows_alone_wait_then_go_in_one_commit() {
        let (_dir, db, ids) = db_with_matches(1).await;
        let row = |part: u8| OutboxRow {
            key: OutboxKey {
                match_id: ids[0],
                version: 1,
                part,
            },
            due_ms: 5,
            effects_json: "[]".into(),
        };
        let mut a = action(ids[0], 0);
        a.outbox = vec![row(0), row(1)];
        assert!(db.matches().save_action(a).await.unwrap());
        let before = db.writer.commits();
        let since = std::time::Instant::now();
        db.outbox().outbox_delivered(row(0).key);
        db.outbox().outbox_delivered(row(1).key);
        while !db.outbox().pending_outbox().await.unwrap().is_empty() {
            assert!(
                since.elapsed().as_secs() < 30,
                "the deletions were never written"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert!(since.elapsed() >= crate::store::writer::DELETIONS_WAIT);
        assert_eq!(db.writer.commits() - before, 1);
    }

    /// Actions in one commit with more outbox rows than the usual two, with none and with
    /// two keep exactly their own rows; and more delivered rows than one chunk of deletes
    /// all go with the next commit.
    #[tokio::test]
    async fn any_number_of_outbox_rows_is_stored_and_deleted_exactly() {
        let (_dir, db, ids) = db_with_matches(3).await;
        let row = |match_id, part: u8| OutboxRow {
            key: OutboxKey {
                match_id,
                version: 1,
                part,
            },
            due_ms: 5,
            effects_json: format!("[{part}]"),
        };
        let mut three = action(ids[0], 0);
        three.outbox = vec![row(ids[0], 0), row(ids[0], 1), row(ids[0], 2)];
        let none = action(ids[1], 0);
        let mut two = action(ids[2], 0);
        two.outbox = vec![row(ids[2], 0), row(ids[2], 1)];
        let (release, held) = hold(&db).await;
        let saves: Vec<_> = [three, none, two]
            .into_iter()
            .map(|a| {
                let db = db.clone();
                tokio::spawn(async move { db.matches().save_action(a).await })
            })
            .collect();
        tokio::task::yield_now().await;
        release.send(()).unwrap();
        held.await.unwrap();
        for saved in saves {
            assert!(saved.await.unwrap().unwrap());
        }
        let pending = db.outbox().pending_outbox().await.unwrap();
        let mut keys: Vec<_> = pending
            .iter()
            .map(|r| (r.key.match_id, r.key.part, r.effects_json.clone()))
            .collect();
        keys.sort();
        let mut expected: Vec<_> = [
            (ids[0], 0),
            (ids[0], 1),
            (ids[0], 2),
            (ids[2], 0),
            (ids[2], 1),
        ]
        .into_iter()
        .map(|(m, p)| (m, p, format!("[{p}]")))
        .collect();
        expected.sort();
        assert_eq!(keys, expected);
        let (release, held) = hold(&db).await;
        for r in &pending {
            db.outbox().outbox_delivered(r.key);
        }
        let next = action(ids[1], 1);
        let saved = tokio::spawn({
            let db = db.clone();
            async move { db.matches().save_action(next).await }
        });
        tokio::task::yield_now().await;
        release.send(()).unwrap();
        held.await.unwrap();
        assert!(saved.await.unwrap().unwrap());
        assert!(db.outbox().pending_outbox().await.unwrap().is_empty());
        assert_eq!(stored(&db, ids[1]).await, ("s2".into(), 2, 2));
    }

    /// A burst of more moves and delivered rows than the texts SQLite keeps prepared (the
    /// writer behind after a slow sync) is written in pieces, exactly: each action's version
    /// guard holds in every piece, and every delivered row goes.
    #[tokio::test]
    async fn a_burst_larger_than_the_kept_texts_is_stored_and_deleted_exactly() {
        let (_dir, db, ids) = db_with_matches(20).await;
        let save_all = |actions: Vec<crate::store::SavedAction>| {
            let db = db.clone();
            async move {
                let (release, held) = hold(&db).await;
                let saves: Vec<_> = actions
                    .into_iter()
                    .map(|a| {
                        let db = db.clone();
                        tokio::spawn(async move { db.matches().save_action(a).await.unwrap() })
                    })
                    .collect();
                tokio::task::yield_now().await;
                release.send(()).unwrap();
                held.await.unwrap();
                let mut stored = Vec::new();
                for s in saves {
                    stored.push(s.await.unwrap());
                }
                stored
            }
        };
        // Twenty moves with two outbox rows each, a stale one among them.
        let mut first: Vec<_> = ids
            .iter()
            .map(|&id| {
                let mut a = action(id, 0);
                a.outbox = vec![row(id, 1, 0), row(id, 1, 1)];
                a
            })
            .collect();
        first.insert(9, action(ids[3], 5));
        let mut expected = vec![true; 21];
        expected[9] = false;
        assert_eq!(save_all(first).await, expected);
        let pending = db.outbox().pending_outbox().await.unwrap();
        assert_eq!(pending.len(), 40);
        // The forty rows delivered, with eight more moves and a stale one.
        for r in &pending {
            db.outbox().outbox_delivered(r.key);
        }
        let mut second: Vec<_> = ids[..8].iter().map(|&id| action(id, 1)).collect();
        second.push(action(ids[10], 0));
        let mut expected = vec![true; 9];
        expected[8] = false;
        assert_eq!(save_all(second).await, expected);
        assert!(db.outbox().pending_outbox().await.unwrap().is_empty());
        for &id in &ids[..8] {
            assert_eq!(stored(&db, id).await, ("s2".into(), 2, 2));
        }
        for &id in &ids[8..] {
            assert_eq!(stored(&db, id).await, ("s1".into(), 1, 1));
        }
    }
}
