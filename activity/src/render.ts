// The whole table, re-built from the latest state: other seats on top, the stock and the pile
// (or the showdown) in the middle, the moves and the viewer's hand below.

import { art, backs, currentDeck, row, shown } from './cards';
import { h } from './dom';
import { pageOf, type StateGame } from './games';
import { matchStatus, scene } from './model';
import { isManual, ordered } from './order';
import type { Mode, Scene, SeatScene } from './scene';
import { cardName, t } from './strings';
import type { Card, Move, StateFrame, User } from './types';

export interface Ui {
  mode: Mode;
  presence: User[];
  /** The viewer's own user id (from the welcome). */
  me: string | null;
  /** The last deal whose showdown the viewer put away. */
  dismissed: number | null;
}

/** Where a player without a match starts one: practice, a challenge to someone here, or
 * the acceptance of a challenge to them that the chat has no button for. */
function lobbyEl(ui: Ui, s: StateFrame): HTMLElement {
  const others = ui.presence.filter((u) => u.id !== ui.me);
  return h(
    'section#lobby',
    { 'aria-label': t('lobby') },
    acceptEl(s),
    h('button#practice.action', { type: 'button', text: t('practice') }),
    others.map((u) =>
      h('button.action.challenge', { type: 'button', 'data-challenge': u.id, text: t('challenge', { name: u.name }) }),
    ),
  );
}

/** The answers to the challenge to the viewer that the chat has no buttons for, if any. */
function acceptEl(s: StateFrame): HTMLElement[] {
  const asked = s.challenge;
  if (!asked) return [];
  return [
    h('button#accept.action', {
      type: 'button',
      'data-accept': String(asked.id),
      text: t('accept', { name: asked.by.name }),
    }),
    h('button#decline.action.quiet', { type: 'button', 'data-decline': String(asked.id), text: t('decline') }),
  ];
}

/** The showdown of the deal just finished, while the next one has only begun. */
function lastDealEl(s: StateFrame, g: StateGame, ui: Ui): HTMLElement | null {
  const last = s.last_deal;
  if (!last || s.match?.over || ui.dismissed === last.record.deal_no) return null;
  const panel = g.page.lastDeal(g.at);
  if (!panel) return null;
  return h(
    'section#last-deal',
    { 'aria-label': t('last-hand') },
    h('h2', { text: t('last-hand') }),
    panel,
    h('button#dismiss.action.quiet', { type: 'button', 'data-deal': last.record.deal_no, text: t('dismiss') }),
  );
}

/** The label a move's element carries for screen readers (and as its tooltip). */
export function moveLabel(m: Move, s: StateFrame): string {
  const card = m.card ? cardName(m.card) : '';
  switch (m.kind) {
    case 'discard':
      return t('move-discard', { card });
    case 'knock':
      return t('move-knock', { card });
    case 'gin':
      return t('move-gin', { card });
    case 'swap':
      return t('move-swap', { card });
    case 'return':
      return t('move-return', { card });
    case 'draw_stock':
      return t('move-draw-stock');
    case 'pass':
      return t('move-pass');
    case 'meld':
      return t('move-meld', { cards: (m.cards ?? []).map(cardName).join(', ') });
    case 'layoff':
      return t('move-layoff', { card, meld: (m.meld ?? 0) + 1 });
    case 'take_upcard':
    case 'draw_discard': {
      const top = topOf(s);
      return t(m.kind === 'take_upcard' ? 'move-take-upcard' : 'move-draw-discard', {
        card: top ? cardName(top) : '',
      });
    }
    default:
      return pageOf(s)?.page.moveLabel(m) ?? m.id;
  }
}

function topOf(s: StateFrame): Card | null {
  const sc = scene(s);
  return sc && sc.pile.length ? sc.pile[sc.pile.length - 1] : null;
}

/** The move a hand card makes in the current mode, if any. */
function cardMove(c: Card, mode: Mode, moves: Move[]): Move | undefined {
  const find = (kind: string) => moves.find((m) => m.kind === kind && m.card === c);
  if (mode === 'knock') return find('gin') ?? find('knock');
  if (mode === 'swap') return find('swap');
  return find('discard') ?? find('return');
}

/** Which arrangement group a card is in: a meld's index, -1 deadwood, null without one. */
function groupOf(s: StateFrame, c: Card): number | null {
  const a = s.arrangement;
  if (!a) return null;
  const i = a.melds.findIndex((m) => m.includes(c));
  return i;
}

function handEl(s: StateFrame, sc: Scene, ui: Ui): HTMLElement {
  const cards = ordered(sc.dealKey, sc.hand ?? [], s.arrangement);
  const groups: { g: number | null; cards: Card[] }[] = [];
  for (const c of cards) {
    const g = groupOf(s, c);
    const last = groups[groups.length - 1];
    if (last && last.g === g) last.cards.push(c);
    else groups.push({ g, cards: [c] });
  }
  const el = h('div#hand', {
    role: 'group',
    'aria-label': t('hand-label', { count: cards.length }),
    class: ui.mode === 'play' ? null : 'mode-' + ui.mode,
  });
  for (const g of groups) {
    const kind = g.g === null ? 'plain' : g.g >= 0 ? 'meld' : 'deadwood';
    const ge = h('div.group.' + kind, {
      role: g.g === null ? null : 'group',
      'aria-label': g.g === null ? null : t(kind === 'meld' ? 'meld-group' : 'deadwood-group'),
    });
    for (const c of g.cards) {
      const m = cardMove(c, ui.mode, s.moves);
      const gin = m?.kind === 'gin';
      ge.append(
        h(
          'button.card.hcard',
          {
            type: 'button',
            'data-card': c,
            'data-move': m?.id,
            'aria-label': m ? moveLabel(m, s) : cardName(c),
            title: m ? moveLabel(m, s) : null,
            class: m ? 'legal' : null,
          },
          art(c),
          gin ? h('span.badge', { text: t('gin-label') }) : null,
        ),
      );
    }
    el.append(ge);
  }
  return el;
}

function seatEl(x: SeatScene, total: number | null): HTMLElement {
  const hidden = x.open ? 0 : Math.max(0, x.count - x.known.length);
  return h(
    'div.seat',
    {
      class: [x.toAct ? 'to-act' : '', x.partner ? 'partner' : '', x.sittingOut ? 'out' : ''].join(' ').trim() || null,
      'data-seat': x.seat,
    },
    h(
      'div.who',
      {},
      h('span.name', { text: x.name }),
      x.dealer ? h('span.chip.dealer', { title: t('dealer'), text: 'D', 'aria-label': t('dealer') }) : null,
      x.partner ? h('span.chip', { text: t('partner') }) : null,
      total !== null ? h('span.total', { text: String(total) }) : null,
    ),
    x.sittingOut
      ? h('div.note', { text: t('sits-out') })
      : h(
          'div.held',
          {},
          x.open
            ? row(x.open, 'small', t('partner-hand', { name: x.name }))
            : backs(hidden, 'small'),
          !x.open && x.known.length
            ? h('span.known', { title: t('took-from-pile') }, row(x.known, 'small', `${t('took-from-pile')}: ${x.known.map(cardName).join(', ')}`))
            : null,
          h('span.count', { text: t('cards-held', { count: x.count }) }),
        ),
  );
}

function pilesEl(s: StateFrame, sc: Scene): HTMLElement {
  const draw = s.moves.find((m) => m.kind === 'draw_stock');
  const take = s.moves.find((m) => m.kind === 'take_upcard' || m.kind === 'draw_discard');
  const top = sc.pile.length ? sc.pile[sc.pile.length - 1] : null;
  const under = sc.pile.length > 1 ? sc.pile[sc.pile.length - 2] : null;
  return h(
    'div.piles',
    {},
    h(
      'button#stock.card',
      {
        type: 'button',
        'data-move': draw?.id,
        'data-drag': draw ? 'draw' : null,
        'aria-disabled': draw ? null : 'true',
        class: draw ? 'legal' : null,
        'aria-label': draw ? `${moveLabel(draw, s)} (${t('stock', { count: sc.stock })})` : t('stock', { count: sc.stock }),
      },
      art(null),
      h('span.stock-count', { text: t('stock-count', { count: sc.stock }), 'aria-hidden': 'true' }),
    ),
    h(
      'button#pile.card',
      {
        type: 'button',
        'data-move': take?.id,
        'data-drag': take ? 'draw' : null,
        'data-c': top,
        'aria-disabled': take ? null : 'true',
        class: [take ? 'legal' : '', top ? '' : 'empty'].join(' ').trim() || null,
        'aria-label': take ? moveLabel(take, s) : top ? t('pile', { card: cardName(top) }) : t('pile-empty'),
      },
      under ? h('span.under', { 'aria-hidden': 'true' }, art(under)) : null,
      top ? art(top) : null,
    ),
  );
}

/** The match's result once it is settled: the winner, the final scores, and where to start
 * the next match (beside the result, so that the hand below stays in view). */
function matchEndEl(s: StateFrame, g: StateGame, ui: Ui): HTMLElement | null {
  const st = g.page.status(g.at);
  if (st.status !== 'finished') return null;
  const finals = 'finals' in st ? st.finals : st.totals;
  const scores = finals.map((n, i) => `${g.page.side(s, i)} ${n}`).join(', ');
  return h(
    'section.showdown.matchend',
    {},
    h('h2', { text: matchStatus(s) ?? t('match-over') }),
    h('p.result', { text: t('final-score', { scores }) }),
    ui.me ? lobbyEl(ui, s) : null,
  );
}

function actionsEl(s: StateFrame, g: StateGame, sc: Scene, ui: Ui): HTMLElement {
  const has = (k: string) => s.moves.some((m) => m.kind === k);
  const el = h('div#actions', {});
  for (const m of s.moves.filter((m) => m.kind === 'pass'))
    el.append(h('button.action', { type: 'button', 'data-move': m.id, text: t('move-pass') }));
  if (has('knock') || has('gin')) {
    const on = ui.mode === 'knock';
    el.append(
      h('button#knock-mode.action', {
        type: 'button',
        'aria-pressed': on ? 'true' : 'false',
        class: has('gin') ? 'gin' : null,
        text: on ? t('knock-mode-off') : t(has('gin') ? 'knock-mode-gin' : 'knock-mode'),
      }),
    );
  }
  if (has('swap')) {
    const on = ui.mode === 'swap';
    el.append(
      h('button#swap-mode.action', {
        type: 'button',
        'aria-pressed': on ? 'true' : 'false',
        text: on ? t('swap-mode-off') : t('swap-mode'),
      }),
    );
  }
  if (ui.mode === 'play')
    for (const m of s.moves.filter((m) => m.kind === 'meld'))
      el.append(
        h(
          'button.action.meld-move',
          { type: 'button', 'data-move': m.id, 'aria-label': moveLabel(m, s), title: moveLabel(m, s) },
          h('span', { text: t('move-meld', { cards: '' }).trim() }),
          (m.cards ?? []).map((c) => shown(c, 'tiny')),
        ),
      );
  const known = new Set(['discard', 'knock', 'gin', 'swap', 'return', 'draw_stock', 'draw_discard', 'take_upcard', 'pass', 'meld', 'layoff']);
  for (const m of s.moves.filter((m) => !known.has(m.kind)))
    el.append(h('button.action', { type: 'button', 'data-move': m.id, text: moveLabel(m, s) }));
  // A layoff whose meld is not on screen still gets its button.
  const melds = g.page.melds(g.at);
  for (const m of s.moves.filter((m) => m.kind === 'layoff' && (m.meld ?? melds) >= melds))
    el.append(h('button.action', { type: 'button', 'data-move': m.id, text: moveLabel(m, s) }));
  const hint =
    ui.mode === 'knock' ? 'knock-hint' : ui.mode === 'swap' ? 'swap-hint' : has('return') ? 'return-hint' : null;
  if (hint) el.append(h('span.hint', { text: t(hint) }));
  if (sc.hand && s.arrangement) el.append(h('span.deadwood', { text: t('deadwood', { points: s.arrangement.points }) }));
  if (sc.hand && isManual(sc.dealKey)) el.append(h('button#sort.action.quiet', { type: 'button', text: t('sort') }));
  return el;
}

function infoEl(s: StateFrame, sc: Scene, ui: Ui): HTMLElement {
  const clock = s.match?.clock;
  const names = ui.presence.map((u) => u.name).join(', ');
  return h(
    'div#info',
    {},
    h(
      'span.meta',
      {},
      h('span.deal', { text: t('deal', { n: sc.dealNo + 1 }) }),
      sc.target ? h('span', { text: t('target', { points: sc.target }) }) : null,
      sc.knockLimit !== null ? h('span', { text: t('knock-limit', { points: sc.knockLimit }) }) : null,
    ),
    h(
      'span.scores',
      { role: 'group', 'aria-label': t('score') },
      sc.scores.map((x) =>
        h('span.score', { class: x.mine ? 'mine' : null }, h('span.label', { text: x.label }), h('b', { text: String(x.total) })),
      ),
    ),
    clock?.forfeit_at && !s.match?.over
      ? h('span#clock', { 'data-forfeit': clock.forfeit_at, 'data-remind': clock.remind_at ?? '' })
      : null,
    h('button#deck.action.quiet', {
      type: 'button',
      'aria-pressed': currentDeck() === 'four' ? 'true' : 'false',
      text: t('four-colours'),
    }),
    s.seat === null ? h('span.watching', { text: t('watching') }) : null,
    names ? h('span.presence', { text: t('present', { names }) }) : null,
  );
}

/** Fills `root` with the table of state `s`; returns the scene (null: no match). */
export function render(root: HTMLElement, s: StateFrame, ui: Ui): Scene | null {
  const sc = scene(s);
  const g = pageOf(s);
  root.replaceChildren();
  if (!sc || !g) {
    root.append(h('div.empty', { text: t('no-match') }));
    if (ui.me) root.append(lobbyEl(ui, s));
    return null;
  }
  const totals = (seat: number): number | null => (g.page.seatTotals ? (sc.scores[seat]?.total ?? null) : null);
  const end = g.page.end(g.at);
  const result = matchEndEl(s, g, ui);
  const table = h(
    'div.felt.game-' + sc.game,
    { class: end ? 'ended' : null },
    h('section#others', { class: `n${sc.others.length}` }, sc.others.map((x) => seatEl(x, totals(x.seat)))),
    h(
      'section#center',
      {},
      result,
      end ? null : lastDealEl(s, g, ui),
      pilesEl(s, sc),
      end,
      g.page.extra(g.at, { mode: ui.mode, label: (m) => moveLabel(m, s) }),
    ),
  );
  root.append(infoEl(s, sc, ui), table);
  if (s.match?.over && ui.me && !result) root.append(lobbyEl(ui, s));
  // Following someone else's match: a challenge to the viewer is answered here all the same.
  else if (!s.match?.over && s.seat === null && s.challenge && ui.me) {
    root.append(h('section#lobby', { 'aria-label': t('lobby') }, acceptEl(s)));
  }
  if (!sc.hand && s.seat !== null) root.append(h('div.empty', { text: t('you-sit-out') }));
  if (sc.hand) {
    root.append(
      h(
        'section#mine',
        { class: sc.phase !== 'waiting' && sc.phase !== 'over' ? 'to-act' : null },
        actionsEl(s, g, sc, ui),
        handEl(s, sc, ui),
      ),
    );
  }
  return sc;
}

