// The page's names for the wire types. Every shape is generated from the bot's Rust types
// (wire.ts, see docs/activity.md); only these aliases are written by hand.

export type * from './wire';
export type { Frame as ServerFrame, Phase as GinPhase, Action as GinAction } from './wire';

/** A card as the engine writes it: rank `A23456789TJQK` then suit `SHDC`, e.g. `7H`, `TS`. */
export type Card = string;
export type Seat = number;
