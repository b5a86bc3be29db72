//! What PostgreSQL does differently: the writes that come in bursts go in one statement
//! each, the rows travelling as JSON (sqlx's `Any` driver binds no arrays). Each statement
//! on the one writer connection is a round trip every other write queues behind. These
//! files take the store's row types and give back what was stored; they call none of the
//! table files.

pub(super) mod batch;
pub(super) mod burst;
pub(super) mod start;
