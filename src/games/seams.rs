//! The service's seams: each a borrowed view of [`Games`], reached by a method of it
//! (`games.challenges().accept(..)`), with that part's commands and helpers. A view reads the
//! core's fields and methods as its own (it dereferences to [`Games`]), so the core keeps only
//! what every part shares: holding a match, committing its events, delivering their effects.

use super::Games;

/// Declares a seam: the view, its method on [`Games`], and its reading of the core.
macro_rules! seam {
    ($(#[$doc:meta])* $view:ident, $method:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub struct $view<'a> {
            games: &'a Games,
        }

        impl Games {
            #[doc = concat!("The service's [`", stringify!($view), "`].")]
            pub fn $method(&self) -> $view<'_> {
                $view { games: self }
            }
        }

        impl std::ops::Deref for $view<'_> {
            type Target = Games;

            fn deref(&self) -> &Games {
                self.games
            }
        }
    };
}

seam!(
    /// Matches in play: hands, moves, rules, resignations, rematches and watching.
    Matches,
    matches
);
seam!(
    /// Challenges: opening, accepting, declining, and taking back an unposted opening.
    Challenges,
    challenges
);
seam!(
    /// Finished matches: leaderboards, stats, histories, score sheets, replays, the export,
    /// and a moderator's cancel.
    Ledger,
    ledger
);
seam!(
    /// A server's seasons of its leaderboard.
    Seasons,
    seasons
);
seam!(
    /// Tournaments: sign-up, moderation, and the organizer's pass that runs them.
    Tournaments,
    tournaments
);
seam!(
    /// Matches against the bot's AI: practice, the AI's moves and the coach's hints.
    Practice,
    practice
);
seam!(
    /// Servers' settings and players' card looks, kept in memory.
    Settings,
    settings
);
seam!(
    /// What a presentation that follows matches live (the web table) sees of them.
    Following,
    following
);
seam!(
    /// Timers that survive restarts and the lease of this process's shards.
    Sweeper,
    sweeper
);
