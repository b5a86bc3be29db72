// The order of the hand on screen: the best melds then the deadwood, until the player moves a
// card; then their order, kept per deal of a match (in memory and, when allowed, in storage).

import type { Arrangement, Card } from './types';

interface Kept {
  key: string;
  cards: Card[];
}

const PREFIX = 'gin-order:';
let kept: Kept | null = null;

function load(key: string): Card[] | null {
  if (kept?.key === key) return kept.cards;
  try {
    const raw = localStorage.getItem(PREFIX + key.split(':')[0]);
    const k = raw ? (JSON.parse(raw) as Kept) : null;
    if (k && k.key === key && Array.isArray(k.cards)) {
      kept = k;
      return k.cards;
    }
  } catch {
    // Storage may be off inside the frame: memory alone then.
  }
  return null;
}

function save(key: string, cards: Card[]): void {
  kept = { key, cards };
  try {
    localStorage.setItem(PREFIX + key.split(':')[0], JSON.stringify(kept));
  } catch {
    // As above.
  }
}

const SUITS = 'SHDC';
const RANKS = 'A23456789TJQK';
const bySuitRank = (a: Card, b: Card) =>
  SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]) || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]);

/** The automatic order: melds, then the deadwood (or, without an arrangement, by suit). */
export function autoOrder(hand: Card[], arr: Arrangement | null): Card[] {
  const inHand = new Set(hand);
  const out: Card[] = [];
  if (arr) for (const c of [...arr.melds.flat(), ...arr.deadwood]) if (inHand.has(c) && !out.includes(c)) out.push(c);
  const rest = hand.filter((c) => !out.includes(c)).sort(bySuitRank);
  return [...out, ...rest];
}

/** The hand in the order to show: the player's own if they made one this deal. */
export function ordered(key: string, hand: Card[], arr: Arrangement | null): Card[] {
  const mine = load(key);
  if (!mine) return autoOrder(hand, arr);
  const inHand = new Set(hand);
  const out = mine.filter((c) => inHand.has(c));
  for (const c of hand) if (!out.includes(c)) out.push(c);
  return out;
}

/** Moves `card` to position `to` of `current` and keeps that order. */
export function moveCard(key: string, current: Card[], card: Card, to: number): void {
  const from = current.indexOf(card);
  if (from < 0) return;
  const next = current.slice();
  next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, card);
  save(key, next);
}

/** Back to the automatic order. */
export function resetOrder(key: string): void {
  kept = null;
  try {
    localStorage.removeItem(PREFIX + key.split(':')[0]);
  } catch {
    // As above.
  }
}

export function isManual(key: string): boolean {
  return load(key) !== null;
}
