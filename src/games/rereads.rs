//! Servers' settings read again on news from the other processes, beside the news of
//! matches rather than before it: what is asked while a read is under way is gathered into
//! the one read that follows it, and what could not be read is tried again.

use super::Settings;
use std::collections::BTreeSet;
use std::time::Duration;

/// The pause before settings that could not be read are tried again.
const RETRY: Duration = Duration::from_secs(1);

/// Settings waiting to be read again.
#[derive(Default, Debug, PartialEq, Eq)]
pub(super) struct Rereads {
    /// Every server's (news may have been missed).
    all: bool,
    /// These servers' (changed elsewhere).
    guilds: BTreeSet<u64>,
}

impl Rereads {
    /// Every server's: the servers named so far are read with them.
    pub(super) fn all(&mut self) {
        self.all = true;
        self.guilds.clear();
    }

    pub(super) fn guild(&mut self, guild: u64) {
        if !self.all {
            self.guilds.insert(guild);
        }
    }

    /// Adds what `more` asks for.
    pub(super) fn add(&mut self, more: Rereads) {
        if more.all {
            self.all();
        }
        for guild in more.guilds {
            self.guild(guild);
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        !self.all && self.guilds.is_empty()
    }
}

impl Settings<'_> {
    /// Reads what `due` names again; returns what failed, after a pause (to be tried again).
    pub(super) async fn read_settings_again(&self, due: Rereads) -> Rereads {
        let mut failed = Rereads::default();
        if due.all {
            if !self.read_again().await {
                failed.all();
            }
        } else {
            for guild in due.guilds {
                if !self.changed_elsewhere(guild).await {
                    failed.guild(guild);
                }
            }
        }
        if !failed.is_empty() {
            tokio::time::sleep(RETRY).await;
        }
        failed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Requests gathered while a read runs: every server's takes in the ones named.
    #[test]
    fn requests_are_gathered() {
        let mut r = Rereads::default();
        assert!(r.is_empty());
        r.guild(5);
        r.guild(5);
        assert_eq!(r.guilds.len(), 1);
        let mut all = Rereads::default();
        all.all();
        r.add(all);
        r.guild(6);
        assert_eq!(
            r,
            Rereads {
                all: true,
                guilds: BTreeSet::new()
            }
        );
    }
}
