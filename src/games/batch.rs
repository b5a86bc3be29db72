//! Reads that many callers ask for at once, taken together: after a restart thousands of first
//! presses each need their match (and their player's card look) within a second, and one query
//! for a few hundred rows costs about what a query for one does. While [`READERS`] queries
//! are under way, the keys asked for meanwhile wait for the next, which takes them all; a
//! lone caller's read waits for nobody.

use crate::store::{Db, StoreError};
use futures_util::FutureExt;
use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// The most keys one query reads.
const MOST: usize = 500;

/// The most queries of one kind under way at once: a few, so that the database's round trips
/// overlap (PostgreSQL's above all), not one per caller.
const READERS: usize = 4;

/// What one caller gets: the value, if its key has one; an error as text (one query's error
/// is every caller's).
type Answer<V> = Result<Option<V>, String>;

/// The query: the values of those keys that have one.
pub(crate) type Fetch<K, V> = Arc<
    dyn Fn(Db, Vec<K>) -> Pin<Box<dyn Future<Output = Result<HashMap<K, V>, StoreError>> + Send>>
        + Send
        + Sync,
>;

/// Keys waiting for the next query, and how many readers are at work.
struct Queue<K, V> {
    asked: Vec<(K, oneshot::Sender<Answer<V>>)>,
    reading: usize,
}

/// One kind of read, taken in batches.
pub(crate) struct Batched<K, V> {
    db: Db,
    fetch: Fetch<K, V>,
    queue: Arc<Mutex<Queue<K, V>>>,
}

impl<K, V> Batched<K, V>
where
    K: Copy + Eq + Hash + Send + 'static,
    V: Clone + Send + 'static,
{
    pub(crate) fn new(db: Db, fetch: Fetch<K, V>) -> Batched<K, V> {
        Batched {
            db,
            fetch,
            queue: Arc::new(Mutex::new(Queue {
                asked: Vec::new(),
                reading: 0,
            })),
        }
    }

    /// The value of `key` as stored (`None`: it has none), read with the keys other callers
    /// ask for meanwhile.
    pub(crate) async fn get(&self, key: K) -> Result<Option<V>, StoreError> {
        let (tx, rx) = oneshot::channel();
        let start = {
            let mut q = self.queue.lock().expect("batch lock");
            q.asked.push((key, tx));
            let start = q.reading < READERS;
            q.reading += usize::from(start);
            start
        };
        if start {
            let reader = Reader {
                db: self.db.clone(),
                fetch: self.fetch.clone(),
                queue: self.queue.clone(),
                finished: false,
            };
            tokio::spawn(reader.run());
        }
        match rx.await {
            Ok(answer) => answer.map_err(StoreError::Thread),
            Err(_) => Err(StoreError::Thread("the batched read stopped".into())),
        }
    }
}

/// Runs queries until no key waits. Should it stop otherwise (a panic), its place goes to
/// the next caller's new reader.
struct Reader<K, V> {
    db: Db,
    fetch: Fetch<K, V>,
    queue: Arc<Mutex<Queue<K, V>>>,
    /// Stopped because no key waited (then a later caller may have started another).
    finished: bool,
}

impl<K: Copy + Eq + Hash, V: Clone> Reader<K, V> {
    async fn run(mut self) {
        loop {
            let batch: Vec<(K, oneshot::Sender<Answer<V>>)> = {
                let mut q = self.queue.lock().expect("batch lock");
                let n = q.asked.len().min(MOST);
                if n == 0 {
                    q.reading -= 1;
                    self.finished = true;
                    return;
                }
                q.asked.drain(..n).collect()
            };
            let mut seen = std::collections::HashSet::with_capacity(batch.len());
            let keys: Vec<K> = batch
                .iter()
                .map(|(k, _)| *k)
                .filter(|k| seen.insert(*k))
                .collect();
            // A panic in the query fails its batch, not the reader: keys queued behind it
            // would otherwise wait for the next caller to start one.
            let fetched = AssertUnwindSafe((self.fetch)(self.db.clone(), keys))
                .catch_unwind()
                .await
                .unwrap_or_else(|_| Err(StoreError::Thread("the batched read panicked".into())));
            match fetched {
                Ok(mut found) => {
                    // A key asked twice: the last to ask takes the value, the others a copy.
                    let mut last: HashMap<K, usize> = HashMap::with_capacity(batch.len());
                    for (i, (k, _)) in batch.iter().enumerate() {
                        last.insert(*k, i);
                    }
                    for (i, (k, tx)) in batch.into_iter().enumerate() {
                        let value = if last.get(&k) == Some(&i) {
                            found.remove(&k)
                        } else {
                            found.get(&k).cloned()
                        };
                        let _ = tx.send(Ok(value));
                    }
                }
                Err(e) => {
                    let why = e.to_string();
                    for (_, tx) in batch {
                        let _ = tx.send(Err(why.clone()));
                    }
                }
            }
        }
    }
}

impl<K, V> Drop for Reader<K, V> {
    fn drop(&mut self) {
        if self.finished {
            return;
        }
        if let Ok(mut q) = self.queue.lock() {
            q.reading -= 1;
        }
    }
}
