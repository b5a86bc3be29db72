//! Showing a tournament: its message brought up to date (or posted, if it has none or it was
//! deleted), then the posts that go with the step it shows (a round's pairings, the final
//! standings, the news that it is off), and the step noted as shown. A send that fails for a
//! passing reason is tried again with the outbox's backoff, from where it failed. A channel
//! Discord refuses for good is noted as lost: nothing of the event is sent there again, and
//! its organizer gets a private note instead.

use super::{backoff, mixed, Deliverer, Gone, SendError, Transport, MAX_TRIES};
use crate::games::organizer::{Announcement, OrganizerNote, TournamentScene, TournamentShow};
use crate::store::TournamentState;
use crate::tr;
use crate::ui::model::{Attachment, Msg};
use crate::ui::pictures;
use crate::ui::render::tournament as render;
use std::sync::Arc;
use std::time::Duration;

/// How long a show waits for its bracket picture. No player waits on it, unlike a
/// showdown's; 256 entrants draw in well under a second on an idle core.
const BRACKET_TIMEOUT: Duration = Duration::from_secs(5);

/// What this process has shown of one event. Shows of an event take turns, so an older
/// step never overwrites a newer one, and a show read before the message was posted still
/// edits that message instead of posting another.
#[derive(Default)]
pub(super) struct Board {
    /// The version the message shows, once this process edited or posted it.
    shown: Option<i64>,
    /// The message as this process last edited or posted it.
    message: Option<u64>,
}

/// How far a show got: what a try again need not send again.
#[derive(Default)]
struct Progress {
    message: bool,
    posts: usize,
}

/// The nonce of a show's `part`-th post (0: the event's message): the same on every try.
fn nonce(tournament: i64, version: i64, part: usize) -> String {
    mixed(
        0x7F4A_7C15_9E37_79B9,
        [tournament as u64, version as u64, part as u64, 0],
    )
}

impl<T: Transport> Deliverer<T> {
    /// Shows a step of an event (see the module's documentation); once its message is out,
    /// notes it with [`crate::games::Tournaments::tournament_shown`]. While Discord fails this
    /// takes as long as the outbox's tries (about ten minutes): call it in a task of its own
    /// if nothing should wait for it. A show refused for good in a channel the bot can no
    /// longer post in ends the event's posts there (see [`Tournaments::tournament_channel_lost`]).
    ///
    /// [`Tournaments::tournament_channel_lost`]: crate::games::Tournaments::tournament_channel_lost
    pub async fn show_tournament(&self, show: TournamentShow) {
        let mut posts = match &show.announce {
            Some(what) => render::announcement(&show.scene, what),
            None => Vec::new(),
        };
        if matches!(
            show.announce,
            Some(Announcement::Round(_) | Announcement::Final)
        ) {
            if let Some(first) = posts.first_mut() {
                first.files.extend(self.bracket_picture(&show.scene).await);
            }
        }
        let mut progress = Progress::default();
        let mut tries = 1;
        loop {
            match self.show_once(&show, &posts, &mut progress).await {
                Ok(()) => break,
                Err(e) if e.gone == Some(Gone::Channel) => {
                    tracing::warn!(tournament = show.tournament_id, error = %e, "the tournament's channel refuses the bot");
                    self.games
                        .tournaments()
                        .tournament_channel_lost(show.tournament_id)
                        .await;
                    self.forget_board(show.tournament_id);
                    return;
                }
                Err(e) if e.retry && tries < MAX_TRIES => {
                    tracing::warn!(tournament = show.tournament_id, tries, error = %e, "showing a tournament failed; trying again");
                    tokio::time::sleep(backoff(tries)).await;
                    tries += 1;
                }
                Err(e) => {
                    tracing::error!(tournament = show.tournament_id, tries, error = %e, "showing a tournament given up");
                    break;
                }
            }
        }
        if matches!(
            show.scene.stage,
            TournamentState::Finished | TournamentState::Cancelled
        ) {
            self.forget_board(show.tournament_id);
        }
    }

    fn forget_board(&self, tournament: i64) {
        self.boards.lock().expect("board lock").remove(&tournament);
    }

    /// Tells an event's organizer privately that its channel was lost; noted once sent, or
    /// once refused for good (their direct messages closed): never sent twice.
    pub async fn tell_organizer(&self, note: OrganizerNote) {
        let key = match note.called_off {
            true => "tournament-lost-called-off",
            false => "tournament-lost-ended",
        };
        let text = tr!(
            note.lang,
            key,
            name = crate::ui::text::escape(&note.name),
            channel = format!("<#{}>", note.channel)
        );
        match self.out.direct(note.organizer, &Msg::text(text)).await {
            Err(e) if e.retry => {
                tracing::warn!(tournament = note.tournament_id, error = %e, "telling the organizer failed; the next pass tries again");
                return;
            }
            Err(e) => {
                tracing::warn!(tournament = note.tournament_id, error = %e, "the organizer cannot be told")
            }
            Ok(_) => tracing::info!(tournament = note.tournament_id, "the organizer was told"),
        }
        self.games
            .tournaments()
            .organizer_told(note.tournament_id)
            .await;
    }

    /// One try, from where the last one failed.
    async fn show_once(
        &self,
        show: &TournamentShow,
        posts: &[Msg],
        progress: &mut Progress,
    ) -> Result<(), SendError> {
        let board = self.board(show.tournament_id);
        let mut board = board.lock().await;
        if !progress.message {
            if board.shown.is_none_or(|v| v < show.version) {
                let msg = render::tournament(&show.scene);
                let id = self
                    .bring_up_to_date(show, board.message.or(show.message), &msg)
                    .await?;
                board.message = Some(id);
                board.shown = Some(show.version);
            }
            progress.message = true;
        }
        for (i, post) in posts.iter().enumerate().skip(progress.posts) {
            let nonce = nonce(show.tournament_id, show.version, i + 1);
            match self.out.post(show.channel, post, Some(&nonce)).await {
                Ok(_) => {}
                Err(e) if e.retry || (e.gone == Some(Gone::Channel) && post.files.is_empty()) => {
                    return Err(e)
                }
                // Refused for good with a file (no Attach Files here): the text still goes.
                Err(e) if !post.files.is_empty() => {
                    tracing::warn!(tournament = show.tournament_id, error = %e, "a post with the bracket was refused; posting its text alone");
                    let text = Msg {
                        files: Vec::new(),
                        ..post.clone()
                    };
                    match self.out.post(show.channel, &text, Some(&nonce)).await {
                        Err(e) if e.retry || e.gone == Some(Gone::Channel) => return Err(e),
                        Err(e) => {
                            tracing::warn!(tournament = show.tournament_id, error = %e, "a tournament post was refused")
                        }
                        Ok(_) => {}
                    }
                }
                Err(e) => {
                    tracing::warn!(tournament = show.tournament_id, error = %e, "a tournament post was refused")
                }
            }
            progress.posts = i + 1;
        }
        if let Some(message) = board.message.or(show.message) {
            // The posts went out, or were refused for good: either way not to be tried again.
            self.games
                .tournaments()
                .tournament_shown(show, message, true)
                .await;
        }
        Ok(())
    }

    /// Edits the event's message, or posts it where there is none or it is gone (an edit
    /// refused for good: deleted, most likely). Its id.
    async fn bring_up_to_date(
        &self,
        show: &TournamentShow,
        message: Option<u64>,
        msg: &Msg,
    ) -> Result<u64, SendError> {
        if let Some(id) = message {
            match self.out.edit(show.channel, id, msg).await {
                Ok(()) => return Ok(id),
                Err(e) if e.retry || e.gone == Some(Gone::Channel) => return Err(e),
                Err(e) => {
                    tracing::warn!(tournament = show.tournament_id, error = %e, "the tournament's message could not be edited; posting it anew")
                }
            }
        }
        let nonce = nonce(show.tournament_id, show.version, 0);
        self.out.post(show.channel, msg, Some(&nonce)).await
    }

    /// The bracket picture of a knockout where the server shows pictures, drawn on the
    /// painter's thread; `None` otherwise, or if it fails (the text says the same).
    async fn bracket_picture(&self, scene: &TournamentScene) -> Option<Attachment> {
        if scene.bracket.is_none() || pictures::deck_of(scene.look).is_none() {
            return None;
        }
        let scene = scene.clone();
        let drawing = self.painter.draw(move || render::bracket_picture(&scene));
        match tokio::time::timeout(BRACKET_TIMEOUT, drawing).await {
            Ok(Ok(picture)) => picture,
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "a bracket picture failed; its text goes alone");
                None
            }
            Err(_) => {
                tracing::warn!("a bracket picture took too long; its text goes alone");
                None
            }
        }
    }

    fn board(&self, tournament: i64) -> Arc<tokio::sync::Mutex<Board>> {
        let mut boards = self.boards.lock().expect("board lock");
        boards.entry(tournament).or_default().clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::organizer::{EntrantLine, RoundLine, TableLine, TournamentGame};
    use crate::games::tournament::{self, EntrantId};
    use crate::games::{CardLook, Outcome, Reply};
    use crate::i18n::Lang;
    use std::collections::HashMap;
    use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
    use std::sync::Mutex;

    #[test]
    fn a_shows_nonces_differ_by_part_and_version_and_from_the_outbox() {
        let a = nonce(7, 3, 0);
        assert_eq!(a.len(), 17);
        assert_eq!(a, nonce(7, 3, 0));
        assert_ne!(a, nonce(7, 3, 1));
        assert_ne!(a, nonce(7, 4, 0));
        assert_ne!(a, nonce(8, 3, 0));
        let outbox = crate::games::OutboxKey {
            match_id: 7,
            version: 3,
            part: 0,
        };
        assert_ne!(a, super::super::nonce(outbox, 0));
    }

    /// A channel as the tests need it: messages that were deleted, no Attach Files, Discord
    /// failing for a moment; a nonce makes one message however often it is posted.
    #[derive(Default)]
    struct Channel {
        sent: Mutex<Vec<(u64, Msg, bool)>>,
        gone: Mutex<Vec<u64>>,
        no_files: bool,
        hiccups: AtomicU32,
        nonces: Mutex<HashMap<String, u64>>,
        next: AtomicU64,
    }

    fn refused(retry: bool) -> SendError {
        SendError {
            retry,
            gone: None,
            message: "refused".into(),
        }
    }

    impl Channel {
        fn hiccup(&self) -> Result<(), SendError> {
            let left = self.hiccups.load(Ordering::SeqCst);
            if left > 0 {
                self.hiccups.store(left - 1, Ordering::SeqCst);
                return Err(refused(true));
            }
            Ok(())
        }

        /// (message, edit?) of each send that went through.
        fn log(&self) -> Vec<(u64, bool)> {
            let sent = self.sent.lock().unwrap();
            sent.iter().map(|(m, _, edit)| (*m, *edit)).collect()
        }
    }

    impl Transport for Channel {
        async fn post(&self, _: u64, msg: &Msg, nonce: Option<&str>) -> Result<u64, SendError> {
            self.hiccup()?;
            if self.no_files && !msg.files.is_empty() {
                return Err(refused(false));
            }
            let nonce = nonce.expect("a show's posts carry a nonce").to_string();
            if let Some(&id) = self.nonces.lock().unwrap().get(&nonce) {
                return Ok(id);
            }
            let id = 100 + self.next.fetch_add(1, Ordering::SeqCst);
            self.nonces.lock().unwrap().insert(nonce, id);
            self.sent.lock().unwrap().push((id, msg.clone(), false));
            Ok(id)
        }

        async fn edit(&self, _: u64, message: u64, msg: &Msg) -> Result<(), SendError> {
            self.hiccup()?;
            if self.gone.lock().unwrap().contains(&message) {
                return Err(refused(false));
            }
            self.sent.lock().unwrap().push((message, msg.clone(), true));
            Ok(())
        }

        async fn edit_ephemeral(&self, _: &str, _: &Msg) -> Result<(), SendError> {
            Ok(())
        }
    }

    async fn deliverer(channel: Channel) -> (tempfile::TempDir, Arc<Deliverer<Arc<Channel>>>) {
        let (dir, games) = crate::games::testing::games_on(Arc::new(|| 1_800_000_000)).await;
        (dir, Deliverer::new(Arc::new(games), Arc::new(channel)))
    }

    /// Two players signed up; with `started`, a knockout whose round 1 is paired.
    fn scene(started: bool) -> TournamentScene {
        let entrants: Vec<EntrantLine> = (1..=2)
            .map(|i| EntrantLine {
                id: EntrantId(i),
                users: vec![(10 + i, format!("P{i}"))],
                rating: 1500.0,
                out: false,
                awaiting_partner: false,
            })
            .collect();
        let mut s = TournamentScene {
            lang: Lang::En,
            look: CardLook::Pictures,
            id: 5,
            name: "Cup".into(),
            stage: TournamentState::SignUp,
            format: tournament::TournamentFormat::Knockout,
            preset: "classic".into(),
            game: TournamentGame {
                key: "tournament-game-gin",
                teams: false,
            },
            created_by: 1,
            signup_closes: 1_800_000_600,
            round_minutes: 60,
            entrants,
            round: None,
            planned_rounds: 0,
            standings: Vec::new(),
            bracket: None,
        };
        if started {
            let field = s
                .entrants
                .iter()
                .map(|e| tournament::Entrant {
                    id: e.id,
                    rating: e.rating,
                })
                .collect();
            let settings = tournament::Settings {
                format: tournament::TournamentFormat::Knockout,
                bye_points: 100,
            };
            let mut t = tournament::Tournament::new(settings, field).unwrap();
            t.pair_next_round().unwrap();
            s.stage = TournamentState::Running;
            s.planned_rounds = t.planned_rounds();
            s.standings = t.standings();
            s.bracket = t.bracket();
            s.round = Some(RoundLine {
                number: 1,
                deadline: 1_800_003_600,
                tables: vec![TableLine {
                    first: EntrantId(1),
                    second: Some(EntrantId(2)),
                    result: None,
                    match_id: Some(9),
                }],
            });
        }
        s
    }

    fn show(version: i64, message: Option<u64>, scene: TournamentScene) -> TournamentShow {
        TournamentShow {
            tournament_id: 5,
            version,
            channel: 1,
            message,
            scene: Box::new(scene),
            announce: None,
        }
    }

    #[tokio::test]
    async fn a_deleted_message_is_posted_anew_and_later_steps_edit_the_new_one() {
        let channel = Channel::default();
        channel.gone.lock().unwrap().push(50);
        let (_dir, d) = deliverer(channel).await;
        d.show_tournament(show(1, Some(50), scene(false))).await;
        assert_eq!(
            d.out.log(),
            vec![(100, false)],
            "message 50 is gone: a new one"
        );
        // The next step was read before the new message was noted: it still edits that one.
        d.show_tournament(show(2, Some(50), scene(false))).await;
        assert_eq!(d.out.log(), vec![(100, false), (100, true)]);
        // A step older than what is shown changes nothing.
        d.show_tournament(show(1, Some(100), scene(false))).await;
        assert_eq!(d.out.log().len(), 2);
    }

    #[tokio::test]
    async fn a_round_is_announced_after_the_message_its_players_called() {
        let (_dir, d) = deliverer(Channel::default()).await;
        let mut s = show(3, Some(50), scene(true));
        s.announce = Some(Announcement::Round(1));
        d.show_tournament(s).await;
        let sent = d.out.sent.lock().unwrap().clone();
        assert_eq!(sent.len(), 2, "the message, then the pairings");
        assert!(sent[0].2 && sent[0].1.mentions.is_empty());
        let post = &sent[1].1;
        assert!(
            !sent[1].2 && post.content.contains("<@11> vs <@12>"),
            "{}",
            post.content
        );
        assert_eq!(post.mentions, vec![11, 12]);
        let picture = post.files.first().expect("a knockout's bracket picture");
        assert!(picture
            .description
            .as_deref()
            .unwrap()
            .starts_with("Bracket of Cup: "));
    }

    #[tokio::test]
    async fn a_post_refused_for_its_picture_goes_as_text() {
        let channel = Channel {
            no_files: true,
            ..Channel::default()
        };
        let (_dir, d) = deliverer(channel).await;
        let mut s = show(3, Some(50), scene(true));
        s.announce = Some(Announcement::Final);
        d.show_tournament(s).await;
        let sent = d.out.sent.lock().unwrap().clone();
        assert_eq!(sent.len(), 2);
        assert!(sent[1].1.files.is_empty() && sent[1].1.content.contains("Cup"));
    }

    /// Members asking for a knockout's standings at once while the painter is busy: one
    /// bracket waits for it, the others are answered at once with the text alone.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn standings_beyond_the_painters_bound_answer_as_text_at_once() {
        let (_dir, d) = deliverer(Channel::default()).await;
        let (started, on_thread) = std::sync::mpsc::channel();
        let (release, held) = std::sync::mpsc::channel::<()>();
        let busy = {
            let d = d.clone();
            tokio::spawn(async move {
                d.painter
                    .draw(move || {
                        started.send(()).unwrap();
                        held.recv().unwrap();
                    })
                    .await
            })
        };
        tokio::task::spawn_blocking(move || on_thread.recv().unwrap())
            .await
            .unwrap();
        let asked: Vec<_> = (0..8)
            .map(|_| {
                let d = d.clone();
                tokio::spawn(async move {
                    let standings = Reply::Standings(Box::new(scene(true)));
                    d.respond(Outcome::reply(standings), Lang::En).await
                })
            })
            .collect();
        // While the painter is held, all but the bound's share are answered.
        let waiting = crate::ui::painter::LARGE_AT_ONCE;
        let mut answered = Vec::new();
        let mut pending = asked;
        while pending.len() > waiting {
            let (done, still): (Vec<_>, Vec<_>) =
                pending.into_iter().partition(|t| t.is_finished());
            for t in done {
                answered.push(t.await.unwrap());
            }
            pending = still;
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(answered.len(), 8 - waiting);
        for a in &answered {
            let msg = a.response.msg();
            assert!(msg.files.is_empty(), "text alone");
            assert!(msg.content.contains("Cup"), "{}", msg.content);
        }
        release.send(()).unwrap();
        busy.await.unwrap().unwrap();
        for t in pending {
            let a = t.await.unwrap();
            assert_eq!(a.response.msg().files.len(), 1, "the bracket drawn");
        }
    }

    #[tokio::test]
    async fn a_passing_failure_is_tried_again_without_a_second_message() {
        let channel = Channel::default();
        channel.hiccups.store(1, Ordering::SeqCst);
        let (_dir, d) = deliverer(channel).await;
        let mut s = show(1, None, scene(true));
        s.announce = Some(Announcement::Round(1));
        d.show_tournament(s).await;
        assert_eq!(d.out.log(), vec![(100, false), (101, false)]);
    }
}
