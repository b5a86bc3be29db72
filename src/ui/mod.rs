//! The presentation layer: what the game service decided, as Discord-shaped messages. Button
//! ids ([`ids`]), the message model ([`model`]), rendering ([`render`], [`ledger_view`]),
//! answers to interactions ([`answer`]) and the delivery of the outbox ([`deliver`], its
//! pictures drawn by [`painter`]). It
//! knows no serenity: the adapter in `discord` sends what it builds.

pub mod answer;
pub mod art;
pub mod deliver;
pub mod faces;
pub mod ids;
pub mod ledger_view;
pub mod model;
pub mod painter;
pub mod pictures;
pub mod render;
pub mod replay;
pub mod text;

pub use answer::{press, press_on, respond, Answer};
pub use deliver::{Deliverer, Gone, SendError, Transport};
