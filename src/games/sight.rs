//! What one person sees of a match, for a presentation that follows a match live (the web
//! table): their own hand if they play it, else the public table; and the news that a match
//! changed, so that such a view can be shown again. News comes from this process's commits
//! and, when processes share the database, from the others' through the bus.

use super::rereads::Rereads;
use super::scenes::{HandMode, HandScene, TableScene};
use super::variants::{DealOf, EndOf};
use super::CardLook;
use super::{Failure, Following, Games, Live, Missed, Refusal, Resyncs};
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::store::bus::{Changed, Feed, Notice};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// A match changed: an action was stored, or it was dealt; `version` is its version since.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    pub match_id: i64,
    pub channel_id: u64,
    pub version: i64,
    /// What the match shows changed at this version (a deadline moved): shown again.
    pub touched: bool,
}

/// How many changes wait for a slow follower before it skips to the newest (it then reads
/// the match again: nothing is lost but the steps between).
pub(super) const CHANGES_KEPT: usize = 1024;

/// One person's sight of a match.
#[derive(Clone, Debug)]
pub struct Sight {
    /// The public table (with its turn clock).
    pub table: TableScene,
    /// Their own hand, if they play the match.
    pub hand: Option<HandScene>,
    pub seat: Option<Seat>,
    /// Whether the match is still being played.
    pub active: bool,
    /// The last finished deal, public with its showdown (the next deal is dealt at once).
    pub last_deal: Option<DealOf>,
    /// The match's settlement, once it has one.
    pub end: Option<EndOf>,
}

/// An open challenge to one person, waiting for their answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenged {
    pub id: i64,
    /// Who challenged them: id and name.
    pub by: (u64, String),
    /// When it runs out (seconds).
    pub expires_at: i64,
}

impl Games {
    /// Tells the followers (none listening is fine), and the other processes on the bus:
    /// after the change is committed.
    pub(crate) fn changed(&self, match_id: i64, channel_id: u64, version: i64) {
        self.db.bus().changed(match_id, channel_id, version);
        self.tell(Change {
            match_id,
            channel_id,
            version,
            touched: false,
        });
    }

    /// What match `match_id` shows changed without a new version (a deadline moved): its
    /// views in the other processes are read again (this process holds the match itself).
    pub(crate) fn touched(&self, match_id: i64, channel_id: u64, version: i64) {
        self.db.bus().touched(match_id, channel_id, version);
    }

    fn tell(&self, change: Change) {
        self.views
            .lock()
            .expect("views lock")
            .heard(change.match_id, change.version);
        let _ = self.changes.send(change);
    }
}

impl Following<'_> {
    /// News of every match changed from now on: by this process, or heard on the bus.
    pub fn changes(&self) -> tokio::sync::broadcast::Receiver<Change> {
        self.changes.subscribe()
    }

    /// Told whenever news may have been missed (the bus's connection was lost, or another
    /// process took over shards): the matches it concerns are to be read again.
    pub fn resyncs(&self) -> Resyncs {
        Resyncs::new(self.resyncs.subscribe(), self.db.shards())
    }

    /// The channels where who has the card table open changed, as heard on the bus (this
    /// process's own notes too). A lost listener is told as a resync ([`Following::resyncs`]).
    pub fn presence_news(&self) -> tokio::sync::broadcast::Receiver<u64> {
        self.presence.subscribe()
    }

    /// Takes up what the bus hears until it stops: the other processes' changes reach this
    /// process's followers as its own do, and a lost connection has them all read again; a
    /// server's settings changed elsewhere are read again (all of them after a lost note),
    /// one read at a time beside the news, never holding it up.
    pub async fn hear(&self, mut feed: Feed) {
        let settings = self.settings();
        let mut due = Rereads::default();
        let mut reading: Option<Pin<Box<dyn Future<Output = Rereads> + Send + '_>>> = None;
        loop {
            if reading.is_none() && !due.is_empty() {
                let now = std::mem::take(&mut due);
                reading = Some(Box::pin(settings.read_settings_again(now)));
            }
            let notice = tokio::select! {
                biased;
                failed = async { reading.as_mut().expect("a read under way").await },
                    if reading.is_some() =>
                {
                    reading = None;
                    due.add(failed);
                    continue;
                }
                notice = feed.next() => notice,
            };
            let Some(notice) = notice else { break };
            match notice {
                Notice::Changed(c) => self.changed_elsewhere(c),
                Notice::Started(s) if self.db.bus().origin() != Some(s.origin.as_str()) => {
                    due.all();
                    self.resync(s.shards.parse().map_or(Missed::All, Missed::Shards))
                }
                Notice::Started(_) => {}
                Notice::Presence(channel) => {
                    let _ = self.presence.send(channel);
                }
                Notice::Settings(guild) => due.guild(guild),
                Notice::Lost => {
                    due.all();
                    self.resync(Missed::All)
                }
            }
        }
        tracing::warn!("the bus stopped: the other processes' changes are no longer heard");
    }

    /// Another process committed a change; this one's own notes come back too and are
    /// skipped (its followers heard of them at once).
    fn changed_elsewhere(&self, c: Changed) {
        if self.db.bus().origin() == Some(c.origin.as_str()) {
            return;
        }
        self.drop_stale(c.match_id, c.version);
        if c.touched {
            self.views.lock().expect("views lock").forget(c.match_id);
        }
        self.tell(Change {
            match_id: c.match_id,
            channel_id: c.channel_id,
            version: c.version,
            touched: c.touched,
        });
    }

    /// Match `match_id` may have changed without a note heard yet (its owner answered a
    /// request for it, and its note may be late or lost): its view is read again.
    pub fn reread(&self, match_id: i64) {
        self.views.lock().expect("views lock").forget(match_id);
    }

    fn resync(&self, missed: Missed) {
        let mut views = self.views.lock().expect("views lock");
        match missed {
            Missed::All => views.forget_all(),
            Missed::Shards(s) => views.forget_of(|live| s.owns(live.guild_id)),
        }
        drop(views);
        self.resyncs.send_modify(|log| log.add(missed));
    }

    /// The match `user` follows in `channel`: their own match being played there; else
    /// `before` (one followed so far) if it was theirs, so that they see how it ended; else
    /// the newest match being played there; else `before`.
    pub async fn followed_match(
        &self,
        channel_id: u64,
        user_id: u64,
        before: Option<(i64, bool)>,
    ) -> Result<Option<i64>, Refusal> {
        let found = async {
            if let Some(id) = self
                .db
                .matches()
                .active_match_for(channel_id, user_id)
                .await?
            {
                return Ok::<_, Failure>(Some(id));
            }
            if let Some((id, true)) = before {
                return Ok(Some(id));
            }
            let newest = self
                .db
                .matches()
                .active_matches_in_channel(channel_id)
                .await?;
            Ok(newest.into_iter().max().or(before.map(|(id, _)| id)))
        }
        .await;
        found.map_err(Failure::refusal)
    }

    /// The newest open challenge in `channel` to `user` that they can accept on the card
    /// table: one made there (a challenge made in chat is accepted on its message), not
    /// accepted by them yet.
    pub async fn challenged(
        &self,
        channel_id: u64,
        user_id: u64,
    ) -> Result<Option<Challenged>, Refusal> {
        let open = self
            .db
            .challenges()
            .open_on_table_to(channel_id, user_id, self.now())
            .await
            .map_err(|e| Failure::from(e).refusal())?;
        Ok(open.map(|c| Challenged {
            id: c.id,
            by: c.challenger,
            expires_at: c.expires_at,
        }))
    }

    /// What `user` sees of match `match_id` (in `channel`: a match elsewhere is not shown),
    /// their own hand in `lang`. This process holds the match if it `owned` its server;
    /// else its owner does, and it is read from the database (see [`super::views`]).
    pub async fn sight(
        &self,
        match_id: i64,
        channel_id: u64,
        user_id: u64,
        lang: Lang,
        owned: bool,
    ) -> Result<Sight, Refusal> {
        if owned {
            let live = self.hold(match_id).await.map_err(Failure::refusal)?;
            self.sight_of(&live, channel_id, user_id, lang)
        } else {
            let live = self.view(match_id).await.map_err(Failure::refusal)?;
            self.sight_of(&live, channel_id, user_id, lang)
        }
    }

    /// The match as last committed, read from the database unless read since; never held.
    async fn view(&self, match_id: i64) -> Result<Arc<Live>, Failure> {
        let era = match self.views.lock().expect("views lock").fresh(match_id) {
            Ok(live) => return Ok(live),
            Err(era) => era,
        };
        let read = self.read_live(match_id).await;
        let mut views = self.views.lock().expect("views lock");
        match read {
            Ok(live) => {
                let live = Arc::new(live);
                views.keep(live.clone(), era);
                Ok(live)
            }
            Err(f) => {
                views.unread(match_id);
                Err(f)
            }
        }
    }

    fn sight_of(
        &self,
        live: &Live,
        channel_id: u64,
        user_id: u64,
        lang: Lang,
    ) -> Result<Sight, Refusal> {
        if live.channel_id != channel_id {
            return Err(Refusal::UnknownMatch);
        }
        let seat = live.seat_of(user_id);
        let mut table = live.table_scene(
            &self.settings().timeouts_for(live.guild_id),
            self.settings().public_look(live.guild_id),
        );
        table.lang = lang;
        let done = live.game.deals_done();
        let last_deal = done
            .checked_sub(1)
            .and_then(|i| live.game.finished_deals(i).last().copied())
            .and_then(|d| live.game.deal(d));
        Ok(Sight {
            last_deal,
            end: live.game.end(),
            table,
            // The card look is the chat's (emojis or text); a page draws its own cards.
            hand: seat
                .map(|s| live.hand_scene(lang, s, HandMode::Normal, None, CardLook::default())),
            seat,
            active: live.is_active(),
        })
    }
}
