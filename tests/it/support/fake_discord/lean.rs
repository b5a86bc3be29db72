//! What only the load benchmark uses: the lean fake (no recording, so that its memory
//! stays small), messages seeded as if from before it started, and the latencies of first
//! callbacks.

use super::{FakeDiscord, FakeOptions, Origin, StoredMessage};
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};

impl FakeOptions {
    /// For benchmarks: no recording, the first 2,000 payloads validated (every shape).
    pub fn lean() -> FakeOptions {
        FakeOptions {
            record: false,
            validate_limit: 2000,
            ..FakeOptions::default()
        }
    }
}

impl FakeDiscord {
    /// A fresh snowflake (for messages the benchmark seeds).
    pub fn allocate_id(&self) -> u64 {
        self.inner.next_id()
    }

    /// Puts a message there as if the bot had sent it before the fake started.
    pub fn seed_message(
        &self,
        id: u64,
        channel: u64,
        content: &str,
        components: Value,
        owner: Option<u64>,
    ) {
        let mut m = StoredMessage::new(id, channel, Origin::Seeded, owner.is_some(), owner);
        m.content = content.to_string();
        m.components = components;
        m.version = 1;
        let record = self.inner.opts.record;
        self.inner.lock().put(m, record);
    }

    /// Drops a message from the model (benchmarks, once a match is over).
    pub fn forget_message(&self, id: u64) {
        let mut st = self.inner.lock();
        if let Some(token) = st.last_token.remove(&id) {
            st.tokens.remove(&token);
        }
        if let Some(m) = st.messages.remove(&id) {
            for b in m.custom_ids() {
                if st.buttons.get(&b) == Some(&id) {
                    st.buttons.remove(&b);
                }
            }
        }
    }

    /// Send-to-callback times of every first callback, in arrival order.
    pub fn latencies(&self) -> Vec<Duration> {
        let st = self.inner.lock();
        st.latencies
            .iter()
            .map(|&(_, _, us)| Duration::from_micros(us as u64))
            .collect()
    }

    /// Every first callback's kind, send time and latency, in arrival order.
    pub fn latency_log(&self) -> Vec<(Arc<str>, Instant, Duration)> {
        let st = self.inner.lock();
        st.latencies
            .iter()
            .map(|(kind, at, us)| (kind.clone(), *at, Duration::from_micros(*us as u64)))
            .collect()
    }

    /// Interactions acknowledged with a 2xx answer.
    /// Requests the bot sent, by kind (see `rest::request_kind`): how many, and the bytes of
    /// their bodies.
    pub fn request_kinds(&self) -> Vec<(&'static str, u64, u64)> {
        let st = self.inner.lock();
        let mut kinds: Vec<_> = st
            .request_kinds
            .iter()
            .map(|(k, (n, bytes))| (*k, *n, *bytes))
            .collect();
        kinds.sort();
        kinds
    }

    pub fn answered(&self) -> u64 {
        self.inner.lock().answered
    }

    /// First responses after the deadline (answered 404 "Unknown interaction", as Discord does).
    pub fn late(&self) -> u64 {
        self.inner.lock().late
    }
}
