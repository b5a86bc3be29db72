//! The product as Discord drives it: the bot against the fake Discord of `support`, in this
//! process or as the real binary (`CARGO_BIN_EXE_gin`). Every move is a press of a button or
//! a choice in a menu the bot sent.

mod activity;
mod activity_harness;
mod activity_instances;
mod fake_places;
mod forged;
mod operators;
mod outbox;
mod pictures;
mod places;
mod places_binary;
mod places_table;
mod product;
mod replay;
mod rummy;
mod startup;
mod table_extras;
mod teams;
mod tournament;
mod web;
mod web_bounds;
mod web_instances;
mod web_moves;
mod web_relay;
mod web_shards;
