//! The people of the tests, by Discord user id, the same in every part of the suite.

pub const ALICE: u64 = 1001;
pub const BOB: u64 = 1002;
pub const CAROL: u64 = 1003;
pub const DAVE: u64 = 1004;
pub const MALLORY: u64 = 1666;
pub const MODERATOR: u64 = 1777;

/// A person's display name (anyone else is Mallory).
pub fn name_of(user: u64) -> &'static str {
    match user {
        ALICE => "Alice",
        BOB => "Bob",
        CAROL => "Carol",
        DAVE => "Dave",
        _ => "Mallory",
    }
}
