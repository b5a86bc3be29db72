//! One thread draws the pictures (showdown PNGs). Drawing is CPU work of a few milliseconds:
//! on the runtime's threads it would delay every answer queued behind it, and on tokio's
//! blocking pool each of up to hundreds of threads would keep its own allocator arena and
//! pixmaps, which is what made the bot's memory grow under load. One thread keeps one picture
//! in memory at a time, and it runs at a slightly lower priority than the threads that answer
//! players, so that under load the answers go first (the deliverer caps how long a showdown
//! waits for its picture).

use std::sync::mpsc;

type Job = Box<dyn FnOnce() + Send>;

/// The drawing thread; it ends when its `Painter` is dropped.
pub struct Painter {
    jobs: mpsc::Sender<Job>,
}

/// The drawing thread is gone, or the job panicked.
#[derive(Debug, thiserror::Error)]
#[error("the drawing thread failed")]
pub struct PaintError;

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
        Painter { jobs }
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
    async fn a_panicking_drawing_fails_alone() {
        let painter = Painter::start();
        assert!(painter.draw(|| -> u8 { panic!("bad art") }).await.is_err());
        assert_eq!(painter.draw(|| 7).await.unwrap(), 7);
    }
}
