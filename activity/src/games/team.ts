// Team Gin: four players, partners opposite, one hand each; a player sees the partner's hand and
// may swap a card with it.

import { type GameScene, type PagePhase, around, seatName, teamLabel, teamScores } from '../scene';
import { type Laid, type Side, panel } from '../showdown';
import { t } from '../strings';
import type { Rules, StateFrame, TeamHandEnd, TeamStage } from '../types';
import { bonuses, heading } from './gin';
import type { GamePage } from './page';

function phaseOf(stage: TeamStage): [PagePhase, boolean] {
  if (stage === 'UpcardOffer') return ['upcard', false];
  if (stage === 'SwapBack') return ['discard', false];
  if (stage === 'Over') return ['over', false];
  if ('Draw' in stage) return ['draw', stage.Draw.stock_only];
  return ['discard', false];
}

/** A Team Gin hand's end: the knocker and partner, the two defenders, the team's points. */
function teamEnd(s: StateFrame, end: TeamHandEnd, rules: Rules): HTMLElement {
  if (end.end !== 'knocked') return panel(t('end-dead'), '', [], false);
  const k = end.knocker;
  const knocking = [k, (k + 2) % 4];
  const defending = [(k + 1) % 4, (k + 3) % 4];
  const sd = end.showdown;
  const laid = [new Map<number, Laid>(), new Map<number, Laid>()];
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

export const team: GamePage<'team'> = {
  scene: ({ s, table, hand }): GameScene => {
    const v = table.view;
    const own = hand ? hand.view : null;
    const [tablePhase, stockOnly] = phaseOf(v.stage);
    const me = s.seat;
    const partner = me === null ? null : (me + 2) % 4;
    return {
      hand: own ? own.hand : null,
      others: around(4, me).map((seat) => ({
        seat,
        name: seatName(s, seat),
        count: v.hand_sizes[seat] ?? 0,
        known: v.known[seat] ?? [],
        open: seat === partner && own ? own.partner_hand : null,
        dealer: v.dealer === seat,
        toAct: v.to_act === seat,
        sittingOut: false,
        partner: seat === partner,
      })),
      pile: v.discard_pile,
      stock: v.stock_count,
      tablePhase: v.end || v.status.status !== 'in_progress' ? 'over' : tablePhase,
      stockOnly,
      toAct: v.to_act,
      dealer: v.dealer,
      dealNo: v.deal_no,
      knockLimit: v.knock_limit,
      target: v.rules.target,
      scores: teamScores(s, v.totals),
    };
  },
  status: ({ table }) => table.view.status,
  side: (s, x) => teamLabel(s, x % 2),
  lastDeal: ({ s, table, last }) => (last ? teamEnd(s, last.record.end, table.view.rules) : null),
  end: ({ s, table }) => (table.view.end ? teamEnd(s, table.view.end, table.view.rules) : null),
  extra: () => null,
  melds: () => 0,
  seatTotals: false,
  waiting: ({ table }) => (table.view.stage === 'SwapBack' ? 'turn-other-return' : 'turn-other'),
  fiftieth: true,
  play: 'turn-you-discard',
  moveLabel: () => null,
  english: {},
};
