//! The engine alone: the rule book, its properties, the AI and the shared test vectors.

mod ai;
mod properties;
mod rules;
mod rummy;
mod team_properties;
mod team_showdown;
mod vectors;
