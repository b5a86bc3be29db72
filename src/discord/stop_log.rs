//! What the log leaves out while the process stops. Serenity's shard manager and queuer
//! report the shards `log_off` closed at once as failed ("incorrect ID", "when sending
//! message to shard runner"), since `shutdown_all` expects to close them one by one: those
//! warnings are false. A shard that really does not close shows as the stop's own warning
//! after its grace.

use std::sync::atomic::{AtomicBool, Ordering};
use tracing::subscriber::Interest;
use tracing::Metadata;
use tracing_subscriber::filter::LevelFilter;

/// Set when the process begins to stop.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// The stop has begun: from now on serenity's shutdown bookkeeping is left out.
pub fn stop_begins() {
    STOPPING.store(true, Ordering::Relaxed);
}

/// Serenity's shutdown bookkeeping: its shard manager and shard queuer.
fn bookkeeping(meta: &Metadata<'_>) -> bool {
    let target = meta.target();
    target.starts_with("serenity::gateway::bridge::shard_manager")
        || target.starts_with("serenity::gateway::bridge::shard_queuer")
}

/// The log filter: everything but serenity's bookkeeping once the stop has begun. Those
/// two targets are asked on every line (`Interest::sometimes`), since tracing otherwise
/// caches a call site's first answer, and a call site seen before the stop would print
/// after it.
pub fn filter<S: tracing::Subscriber>() -> impl tracing_subscriber::layer::Filter<S> {
    tracing_subscriber::filter::dynamic_filter_fn(|meta, _| {
        !(bookkeeping(meta) && STOPPING.load(Ordering::Relaxed))
    })
    .with_callsite_filter(|meta| {
        if bookkeeping(meta) {
            Interest::sometimes()
        } else {
            Interest::always()
        }
    })
    // No limit of its own: the configured filter's level still decides what is recorded.
    .with_max_level_hint(LevelFilter::TRACE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::Layer;

    #[derive(Clone)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// One call site of serenity's bookkeeping, reached before and after the stop began:
    /// only the first line is written; the bot's own lines still are.
    #[test]
    fn bookkeeping_is_left_out_once_the_stop_began_even_from_a_call_site_seen_before() {
        let sink = Sink(Arc::default());
        let writer = sink.clone();
        let layer = tracing_subscriber::fmt::layer()
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .with_filter(filter());
        let subscriber = tracing_subscriber::registry().with(layer);
        tracing::subscriber::with_default(subscriber, || {
            let bookkeeping = |n: u32| tracing::warn!(target: "serenity::gateway::bridge::shard_manager", "bookkeeping {n}");
            bookkeeping(1);
            stop_begins();
            bookkeeping(2);
            tracing::warn!(target: "gin::discord", "the bot's own");
        });
        STOPPING.store(false, Ordering::Relaxed);
        let log = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        assert!(log.contains("bookkeeping 1"), "{log}");
        assert!(!log.contains("bookkeeping 2"), "{log}");
        assert!(log.contains("the bot's own"), "{log}");
    }
}
