//! What SQLite does differently: a batch of moves in one round trip, a new match in one
//! round trip, and the WAL's checkpoints off the writer's path. These files take the store's
//! row types and call none of the table files.

pub(super) mod batch;
pub(super) mod checkpoint;
pub(super) mod start;
