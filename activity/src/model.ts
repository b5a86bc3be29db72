// The scene of a state: its game's part (`games/`) and what every game derives alike: the
// viewer's phase, the status line, the match's end in words.

import { pageOf, type StateGame } from './games';
import { type GameScene, type PagePhase, type Scene, seatName } from './scene';
import { t } from './strings';
import type { Move, StateFrame } from './types';

/** The scene of a state; `null` when there is no match in the channel. */
export function scene(s: StateFrame): Scene | null {
  const m = s.match;
  const g = pageOf(s);
  if (!m || !g) return null;
  const part = g.page.scene(g.at);
  const me = s.seat;
  const matchOver = m.over || part.tablePhase === 'over';
  const phase: PagePhase = matchOver
    ? 'over'
    : me !== null && part.toAct === me
      ? part.tablePhase
      : 'waiting';
  return {
    ...part,
    game: g.at.table.game,
    me,
    phase,
    status: statusText(s, g, part, phase),
    dealKey: `${m.id}:${part.dealNo}`,
  };
}

function statusText(s: StateFrame, g: StateGame, sc: GameScene, phase: PagePhase): string {
  const st = matchStatus(s);
  if (st) return st;
  const has = (kind: string) => s.moves.some((m: Move) => m.kind === kind);
  if (phase === 'over') return t('hand-over');
  if (phase === 'waiting') return t(g.page.waiting(g.at), { name: seatName(s, sc.toAct) });
  if (phase === 'upcard') return t('turn-you-upcard');
  if (phase === 'draw') {
    if (g.page.fiftieth && has('pass')) return t('turn-you-fiftieth');
    return t(sc.stockOnly || !has('draw_discard') ? 'turn-you-draw-stock' : 'turn-you-draw');
  }
  if (has('return')) return t('turn-you-return');
  return t(g.page.play);
}

/** The match's end, said in words (null while it is on). */
export function matchStatus(s: StateFrame): string | null {
  const g = pageOf(s);
  if (!g) return null;
  const st = g.page.status(g.at);
  if (st.status === 'cancelled') return t('match-cancelled');
  if (st.status !== 'finished') return s.match?.over ? t('match-over') : null;
  const winners = 'winners' in st ? st.winners : [st.winner];
  return winners.length
    ? t('match-won', { name: winners.map((x) => g.page.side(s, x)).join(', ') })
    : t('match-over');
}
