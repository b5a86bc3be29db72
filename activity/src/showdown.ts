// The end of a hand as the engine reports it: melds, layoffs, deadwood, points and bonuses.

import { row, shown } from './cards';
import { h } from './dom';
import { seatName, teamLabel } from './model';
import { cardName, t } from './strings';
import type { Card, HandEnd, RummyEnd, Rules, Seat, StateFrame, TeamHandEnd } from './types';

interface Side {
  name: string;
  melds: Card[][];
  /** Per meld: cards laid off onto it, and by whom. */
  layoffs: Map<number, { card: Card; by: string }[]>;
  deadwood: Card[];
  points: number;
  /** The key saying what the points are: `deadwood` or `cards-left`. */
  label?: string;
}

function meldEl(cards: Card[], laid: { card: Card; by: string }[] = []): HTMLElement {
  return h(
    'span.smeld',
    {},
    cards.map((c) => shown(c, 'small')),
    laid.map(({ card, by }) =>
      h(
        'span.card.small.laidoff',
        { role: 'img', 'aria-label': `${cardName(card)}, ${t('laid-off', { name: by })}`, title: t('laid-off', { name: by }) },
        shown(card).firstChild,
      ),
    ),
  );
}

function sideEl(side: Side): HTMLElement {
  return h(
    'div.sside',
    {},
    h('div.sname', { text: side.name }),
    h('div.smelds', {}, side.melds.map((m, i) => meldEl(m, side.layoffs.get(i)))),
    h(
      'div.sdead',
      {},
      side.deadwood.length ? row(side.deadwood, 'small') : null,
      h('span.points', { text: t(side.label ?? 'deadwood', { points: side.points }) }),
    ),
  );
}

function bonuses(kind: string, rules: Rules, doubled: boolean): string {
  const b: string[] = [];
  if (kind === 'gin' && rules.gin_bonus) b.push(t('gin-bonus', { points: rules.gin_bonus }));
  if (kind === 'undercut' && rules.undercut_bonus) b.push(t('undercut-bonus', { points: rules.undercut_bonus }));
  if (doubled) b.push(t('doubled'));
  return b.length ? ` (${b.join(', ')})` : '';
}

function heading(kind: string, knocker: string, defender: string): string {
  if (kind === 'gin') return t('end-gin', { name: knocker });
  if (kind === 'undercut') return t('end-undercut', { name: defender, knocker });
  return t('end-knock', { name: knocker });
}

function panel(title: string, result: string, sides: Side[], small: boolean): HTMLElement {
  return h(
    'section.showdown' + (small ? '.compact' : ''),
    { 'aria-label': t('showdown') },
    h('h2', { text: title }),
    result ? h('p.result', { text: result }) : null,
    sides.map(sideEl),
  );
}

/** A two-player Gin hand's end (also one table of Partnership Gin). */
export function ginEnd(
  s: StateFrame,
  end: HandEnd,
  players: [Seat, Seat],
  rules: Rules,
  small = false,
): HTMLElement {
  if (end.end !== 'knocked') return panel(t('end-dead'), '', [], small);
  const k = end.knocker;
  const d = players[0] === k ? players[1] : players[0];
  const sd = end.showdown;
  const [kn, dn] = [seatName(s, k), seatName(s, d)];
  const laid = new Map<number, { card: Card; by: string }[]>();
  for (const l of sd.layoffs) laid.set(l.onto, [...(laid.get(l.onto) ?? []), { card: l.card, by: dn }]);
  const winner = end.score.knocker_won ? kn : dn;
  const result = t('end-scores', { name: winner, points: end.score.points }) + bonuses(sd.kind, rules, end.score.doubled);
  return panel(
    heading(sd.kind, kn, dn),
    result,
    [
      { name: kn, melds: sd.knocker_melds, layoffs: laid, deadwood: sd.knocker_deadwood_cards, points: sd.knocker_deadwood },
      { name: dn, melds: sd.defender_melds, layoffs: new Map(), deadwood: sd.defender_deadwood_cards, points: sd.defender_deadwood },
    ],
    small,
  );
}

/** A Team Gin hand's end: the knocker and partner, the two defenders, the team's points. */
export function teamEnd(s: StateFrame, end: TeamHandEnd, rules: Rules): HTMLElement {
  if (end.end !== 'knocked') return panel(t('end-dead'), '', [], false);
  const k = end.knocker;
  const knocking = [k, (k + 2) % 4];
  const defending = [(k + 1) % 4, (k + 3) % 4];
  const sd = end.showdown;
  const laid = [new Map<number, { card: Card; by: string }[]>(), new Map<number, { card: Card; by: string }[]>()];
  for (const l of sd.layoffs) {
    const m = laid[l.onto_player];
    m.set(l.onto, [...(m.get(l.onto) ?? []), { card: l.card, by: seatName(s, defending[l.from]) }]);
  }
  const team = end.score.knocking_team_won ? k % 2 : 1 - (k % 2);
  const result =
    t('end-team-scores', { name: teamLabel(s, team), points: end.score.points }) + bonuses(sd.kind, rules, false);
  const sides: Side[] = [
    ...sd.knocking.map((x, i) => ({
      name: seatName(s, knocking[i]),
      melds: x.melds,
      layoffs: laid[i],
      deadwood: x.deadwood_cards,
      points: x.deadwood,
    })),
    ...sd.defending.map((x, i) => ({
      name: seatName(s, defending[i]),
      melds: x.melds,
      layoffs: new Map(),
      deadwood: x.deadwood_cards,
      points: x.deadwood,
    })),
  ];
  return panel(heading(sd.kind, seatName(s, k), teamLabel(s, 1 - (k % 2))), result, sides, false);
}

/** A Rummy hand's end: who went out, and the cards left in every hand. */
export function rummyEnd(s: StateFrame, end: RummyEnd, acesHigh: boolean): HTMLElement {
  if (end.end !== 'out') return panel(t('end-stock-exhausted'), '', [], false);
  const w = seatName(s, end.winner);
  const title = t(end.hand_rummy ? 'end-hand-rummy' : 'end-out', { name: w });
  const sides: Side[] = end.left
    .map((cards, seat) => ({ cards, seat }))
    .filter((x) => x.seat !== end.winner)
    .map(({ cards, seat }) => ({
      name: seatName(s, seat),
      melds: [],
      layoffs: new Map(),
      deadwood: cards,
      points: cards.reduce((sum, c) => sum + value(c, acesHigh), 0),
      label: 'cards-left',
    }));
  return panel(title, t('end-scores', { name: w, points: end.points }), sides, false);
}

/** What a card left in hand counts in Rummy (aces 15 under `aces_high_low`). */
function value(c: Card, acesHigh: boolean): number {
  const i = 'A23456789TJQK'.indexOf(c[0]);
  return i === 0 && acesHigh ? 15 : Math.min(i + 1, 10);
}
