//! The servers the bot is in, as the gateway says: a server's channel is reached through the
//! channel only where the bot is a member. A place that comes with no word of it (an
//! Activity instance, which names its server only) is placed by this.

use std::collections::HashSet;
use std::sync::RwLock;

/// The servers this process heard the bot is in (on its shards). One never heard of counts
/// as without the bot: reached through tokens, which work either way.
#[derive(Debug, Default)]
pub struct Membership(RwLock<HashSet<u64>>);

impl Membership {
    /// The bot is in `guild` (READY's list, GUILD_CREATE).
    pub fn joined(&self, guild: u64) {
        self.0.write().expect("membership lock").insert(guild);
    }

    /// The bot left `guild`, or was removed (GUILD_DELETE of a server still available).
    pub fn left(&self, guild: u64) {
        self.0.write().expect("membership lock").remove(&guild);
    }

    pub fn is_member(&self, guild: u64) -> bool {
        self.0.read().expect("membership lock").contains(&guild)
    }
}

#[cfg(test)]
mod tests {
    use super::Membership;

    #[test]
    fn a_server_counts_from_joined_until_left() {
        let m = Membership::default();
        assert!(!m.is_member(7), "unknown: not a member");
        m.joined(7);
        assert!(m.is_member(7) && !m.is_member(8));
        m.left(7);
        assert!(!m.is_member(7));
    }
}
