//! One thread draws the pictures (showdown PNGs). Drawing is CPU work of a few milliseconds:
//! on the runtime's threads it would delay every answer queued behind it, and on tokio's
//! blocking pool each of up to hundreds of threads would keep its own allocator arena and
//! pixmaps, which is what made the bot's memory grow under load. One thread keeps one picture
//! in memory at a time, and it runs at a slightly lower priority than the threads that answer
//! players, so that under load the answers go first (the deliverer caps how long a showdown
//! waits for its picture).
//!
//! Large pictures (a bracket of up to 256 entrants, which members may ask for at will) are
//! admitted only while fewer than [`LARGE_AT_ONCE`] are queued or drawn: a showdown's picture
//! never waits behind more than that many, and a request beyond it is told at once.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

type Job = Box<dyn FnOnce() + Send>;

/// How many large pictures may be queued or drawn at once.
pub const LARGE_AT_ONCE: usize = 1;

/// The drawing thread; it ends when its `Painter` is dropped.
pub struct Painter {
    jobs: mpsc::Sender<Job>,
    /// Large pictures queued or being drawn.
    large: Arc<AtomicUsize>,
}

/// The drawing thread is gone, or the job panicked.
#[derive(Debug, thiserror::Error)]
#[error("the drawing thread failed")]
pub struct PaintError;

/// A large picture refused: [`LARGE_AT_ONCE`] are queued or drawn already.
#[derive(Debug, thiserror::Error)]
#[error("the drawing thread has its share of large pictures")]
pub struct Busy;

/// One large picture's place on the drawing thread: given back when dropped (its job done,
/// failed, or never queued).
pub struct LargePlace(Arc<AtomicUsize>);

impl Drop for LargePlace {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Painter {
    pub fn start() -> Painter {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("gin-painter".into())
            .spawn(move || {
                lower_priority();
                for job in queue {
                    // A panicking job answers its caller with an error (its sender is
                    // dropped); the thread goes on with the next one.
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                }
            })
            .expect("start the drawing thread");
        Painter {
            jobs,
            large: Arc::default(),
        }
    }

    /// A place for a large picture: refused while [`LARGE_AT_ONCE`] are queued or drawn.
    pub fn admit_large(&self) -> Result<LargePlace, Busy> {
        self.large
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < LARGE_AT_ONCE).then_some(n + 1)
            })
            .map(|_| LargePlace(self.large.clone()))
            .map_err(|_| Busy)
    }

    /// [`Painter::draw`] for a large picture, in its place (given back once drawn).
    pub async fn draw_large<R: Send + 'static>(
        &self,
        place: LargePlace,
        draw: impl FnOnce() -> R + Send + 'static,
    ) -> Result<R, PaintError> {
        self.draw(move || {
            let _place = place;
            draw()
        })
        .await
    }

    /// Runs `draw` on the drawing thread, after the pictures queued before it.
    pub async fn draw<R: Send + 'static>(
        &self,
        draw: impl FnOnce() -> R + Send + 'static,
    ) -> Result<R, PaintError> {
        let (done, result) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Box::new(move || {
                let _ = done.send(draw());
            }))
            .map_err(|_| PaintError)?;
        result.await.map_err(|_| PaintError)
    }
}

/// Nice 5 for the calling thread (Linux keeps a nice value per thread): about a third of the
/// CPU share of a normal thread when both cores are saturated, the full core otherwise.
#[cfg(target_os = "linux")]
fn lower_priority() {
    // SAFETY: setpriority only reads its integer arguments; `0` is the calling thread.
    let set = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 5) };
    if set != 0 {
        tracing::debug!("the drawing thread keeps its priority");
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn pictures_are_drawn_in_order_on_one_thread() {
        let painter = Painter::start();
        let first = painter.draw(|| std::thread::current().id()).await.unwrap();
        let second = painter.draw(|| std::thread::current().id()).await.unwrap();
        assert_eq!(first, second);
        assert_ne!(first, std::thread::current().id());
    }

    #[tokio::test]
    async fn large_pictures_beyond_the_bound_are_refused_until_one_is_done() {
        let painter = Arc::new(Painter::start());
        let (started, on_thread) = std::sync::mpsc::channel();
        let (release, held) = std::sync::mpsc::channel::<()>();
        let place = painter.admit_large().expect("the first is admitted");
        let first = {
            let painter = painter.clone();
            tokio::spawn(async move {
                let hold = move || {
                    started.send(()).unwrap();
                    held.recv().unwrap();
                    1
                };
                painter.draw_large(place, hold).await
            })
        };
        tokio::task::spawn_blocking(move || on_thread.recv().unwrap())
            .await
            .unwrap();
        for _ in 0..10 {
            assert!(painter.admit_large().is_err(), "beyond the bound");
        }
        // A small picture waits behind the one large picture only.
        let small = painter.draw(|| 3);
        release.send(()).unwrap();
        assert_eq!(small.await.unwrap(), 3);
        assert_eq!(first.await.unwrap().unwrap(), 1);
        let place = painter.admit_large().expect("a place again");
        assert_eq!(painter.draw_large(place, || 4).await.unwrap(), 4);
        // A large picture that panics, or is never drawn, gives its place back too.
        let place = painter.admit_large().unwrap();
        let bad = painter.draw_large(place, || -> u8 { panic!("bad art") });
        assert!(bad.await.is_err());
        drop(painter.admit_large().unwrap());
        assert!(painter.admit_large().is_ok());
    }

    #[tokio::test]
    async fn a_panicking_drawing_fails_alone() {
        let painter = Painter::start();
        assert!(painter.draw(|| -> u8 { panic!("bad art") }).await.is_err());
        assert_eq!(painter.draw(|| 7).await.unwrap(), 7);
    }
}
