//! The store's tables, by family: each a borrowed view of [`Db`], reached by a method of it
//! (`db.matches().load_match(..)`), with that family's statements. A view reads the core's
//! fields and methods as its own (it dereferences to [`Db`]), so the core keeps only what
//! every table uses: the read pool, the writer, the back end and the process's shards.

use super::Db;

/// Declares a view: its type, its method on [`Db`], and its reading of the core.
macro_rules! view {
    ($(#[$doc:meta])* $view:ident, $method:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $view<'a> {
            db: &'a Db,
        }

        impl Db {
            #[doc = concat!("The store's [`", stringify!($view), "`].")]
            pub fn $method(&self) -> $view<'_> {
                $view { db: self }
            }
        }

        impl std::ops::Deref for $view<'_> {
            type Target = Db;

            fn deref(&self) -> &Db {
                self.db
            }
        }
    };
}

view!(
    /// Matches, their players, their action log and their finished hands, and the ids of
    /// their table messages.
    Matches,
    matches
);
view!(
    /// Challenges: opening, accepting, declining and expiring them, and who is busy.
    Challenges,
    challenges
);
view!(
    /// Finished matches read back: leaderboards, stats, histories, score sheets, the export.
    Ledger,
    ledger
);
view!(
    /// A server's seasons of its leaderboard.
    Seasons,
    seasons
);
view!(
    /// Tournaments, their entries, rounds and tables.
    Tournaments,
    tournaments
);
view!(
    /// Servers' settings and players' card looks.
    Settings,
    settings
);
view!(
    /// The effects still to deliver, and the reminders among them.
    Outbox,
    outbox
);
view!(
    /// When the process was last alive, and the idle clocks moved on by its downtime.
    Heartbeat,
    heartbeat
);
view!(
    /// This process's lease of its shards.
    Lease,
    lease
);
view!(
    /// Who has the card table open, per channel, where processes share the database.
    TablePresence,
    presence
);
