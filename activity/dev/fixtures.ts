// The fixtures page: renders a chosen fixture state without Discord or the bot. `?f=name`
// picks one, `?bare` hides the picker (for screenshots). Moves sent are shown, not sent.

import { App } from '../src/app';
import type { StateFrame } from '../src/types';
import ginDiscard from '../src/fixtures/gin-discard.json';
import ginDraw from '../src/fixtures/gin-draw.json';
import ginUpcard from '../src/fixtures/gin-upcard.json';
import ginWaiting from '../src/fixtures/gin-waiting.json';
import ginOver from '../src/fixtures/gin-over.json';
import ginMatchOver from '../src/fixtures/gin-match-over-watcher.json';
import ginThree from '../src/fixtures/gin-three.json';
import partnership from '../src/fixtures/partnership.json';
import teamSwap from '../src/fixtures/team-swap.json';
import teamReturn from '../src/fixtures/team-return.json';
import teamOver from '../src/fixtures/team-over.json';
import rummy from '../src/fixtures/rummy.json';
import rummyOver from '../src/fixtures/rummy-over.json';
import none from '../src/fixtures/none.json';

const all: Record<string, unknown> = {
  'gin-discard': ginDiscard,
  'gin-draw': ginDraw,
  'gin-upcard': ginUpcard,
  'gin-waiting': ginWaiting,
  'gin-over': ginOver,
  'gin-match-over-watcher': ginMatchOver,
  'gin-three': ginThree,
  partnership,
  'team-swap': teamSwap,
  'team-return': teamReturn,
  'team-over': teamOver,
  rummy,
  'rummy-over': rummyOver,
  none,
};

const q = new URLSearchParams(location.search);
const pick = document.getElementById('pick') as HTMLSelectElement;
const sent = document.getElementById('sent') as HTMLElement;
if (q.has('bare')) document.getElementById('devbar')?.remove();

let seq = 0;
const app = new App({
  nextSeq: () => ++seq,
  restart: () => {},
  send: (f) => {
    sent.textContent = JSON.stringify(f);
    (window as unknown as { sent: unknown[] }).sent.push(f);
    const acked = 'seq' in f ? f.seq : 0;
    window.setTimeout(() => app.frame({ t: 'ack', seq: acked }), 50);
    return true;
  },
});
(window as unknown as { sent: unknown[] }).sent = [];

for (const name of Object.keys(all)) pick.append(new Option(name, name));
const show = (name: string) => {
  pick.value = name;
  const s = structuredClone(all[name]) as StateFrame;
  // The fixtures' clock is fixed; move it to now so the countdown shows.
  const now = Math.floor(Date.now() / 1000);
  if (s.match?.clock) s.match.clock = { remind_at: now + 5 * 3600, forfeit_at: now + 23 * 3600 + 125 };
  app.show(s);
};
pick.addEventListener('change', () => {
  history.replaceState(null, '', `?f=${pick.value}`);
  show(pick.value);
});
show(q.get('f') ?? 'gin-discard');
if (q.has('presence')) app.frame({ t: 'presence', users: [{ id: '100', name: 'Ann' }, { id: '101', name: 'Bob' }] });
