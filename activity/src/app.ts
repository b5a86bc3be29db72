// The page's controller: keeps the latest state, the viewer's mode (play, knock, swap), and
// turns clicks, keys and drops into moves; re-renders the whole table on every change.

import { toggleDeck } from './cards';
import { h } from './dom';
import { installDrag } from './interact';
import { type Scene } from './scene';
import { moveCard, ordered, resetOrder } from './order';
import { render, type Ui } from './render';
import { t } from './strings';
import type { Incoming, Move, ServerFrame, StateFrame } from './types';

export interface Sender {
  send(frame: Incoming): boolean;
  nextSeq(): number;
  /** Connects again after the bot said the player is not in this Activity. */
  restart(): void;
}

export class App {
  private state: StateFrame | null = null;
  private sc: Scene | null = null;
  private ui: Ui = { mode: 'play', presence: [], me: null, dismissed: null };
  private pending: number | null = null;
  /** The challenge the pending request accepts: it stays pending past its ack until a state
   * shows the match or no longer offers the challenge (a second click would be refused). */
  private accepting: number | null = null;
  private toastTimer: number | undefined;
  private readonly root: HTMLElement;
  private readonly status: HTMLElement;
  private readonly toastEl: HTMLElement;
  /** Says the connection is down, for as long as it is. */
  private readonly banner: HTMLElement;

  constructor(private readonly net: Sender | null) {
    this.root = document.getElementById('app') ?? document.body.appendChild(h('main#app'));
    this.status = document.getElementById('status') ?? document.body.appendChild(h('div#status', { role: 'status', 'aria-live': 'polite' }));
    this.toastEl = document.getElementById('toast') ?? document.body.appendChild(h('div#toast', { 'aria-live': 'assertive' }));
    this.banner = document.getElementById('banner') ?? h('div#banner', { role: 'status', hidden: true });
    if (!this.banner.isConnected) this.status.after(this.banner);
    this.root.addEventListener('click', (e) => this.click(e));
    this.root.addEventListener('keydown', (e) => this.key(e));
    installDrag(this.root, {
      reorder: (card, before) => this.reorder(card, before),
      play: (id) => this.play(id),
      layoff: (card, meld) => this.state?.moves.find((m) => m.id === `layoff:${card}:${meld}`)?.id ?? null,
    });
    window.setInterval(() => this.tick(), 1000);
  }

  /** A line in the status area while there is no table yet (connecting, errors). */
  say(text: string): void {
    if (this.state) this.toast(text);
    else this.setStatus(text);
  }

  /** The connection is down (`text` says why and when it tries again), or back (`null`). */
  offline(text: string | null): void {
    if (text !== null) document.body.dataset.online = 'no';
    this.banner.textContent = text ?? '';
    this.banner.hidden = text === null;
  }

  /** The bot said the player is not in this Activity: no table, and a way to try again. */
  gone(text: string): void {
    this.state = null;
    this.sc = null;
    this.setPending(null);
    this.offline(null);
    const body = document.body.dataset;
    body.online = 'gone';
    body.phase = 'none';
    body.version = '';
    body.stored = '';
    body.game = '';
    this.root.replaceChildren(
      h('div#gone.empty', {}, h('p', { text }), h('button#retry.action', { type: 'button', text: t('retry') })),
    );
    this.setStatus(text);
  }

  frame(f: ServerFrame): void {
    switch (f.t) {
      case 'state':
        this.show(f);
        if (f.note) this.toast(f.note.code === 'stale' ? t('stale') : t('refused', { text: f.note.text }));
        break;
      case 'ack':
        if (this.pending === f.seq && this.accepting === null) this.setPending(null);
        break;
      case 'refused':
        if (this.pending === f.seq) this.setPending(null);
        this.toast(f.code === 'stale' ? t('stale') : t('refused', { text: f.text }));
        break;
      case 'error':
        // The socket closes after it: the connection says why (`offline`, `gone`).
        break;
      case 'welcome':
        this.offline(null);
        document.body.dataset.online = 'yes';
        this.ui.me = f.user.id;
        this.redraw();
        break;
      case 'presence':
        this.ui.presence = f.users;
        this.redraw();
        break;
      default:
        break;
    }
  }

  /** Shows a state (also used by the fixtures page). */
  show(s: StateFrame): void {
    const before = this.state?.match?.version;
    const changed = !this.state || before !== s.match?.version || this.state.match?.id !== s.match?.id;
    this.state = s;
    const offered = this.accepting !== null && s.challenge?.id === this.accepting && s.seat === null;
    if (!offered) this.setPending(null);
    if (changed) {
      const kinds = new Set(s.moves.map((m) => m.kind));
      // Only knocks left (the fiftieth card): the cards are knock choices straight away.
      this.ui.mode = (kinds.has('knock') || kinds.has('gin')) && !kinds.has('discard') ? 'knock' : 'play';
    }
    this.redraw();
  }

  private redraw(): void {
    const s = this.state;
    if (!s) return;
    const focus = focusKey(document.activeElement);
    this.sc = render(this.root, s, this.ui);
    document.body.dataset.version = s.match ? String(s.match.version) : '';
    document.body.dataset.stored = s.match ? String(s.match.stored ?? s.match.version) : '';
    document.body.dataset.phase = this.sc?.phase ?? 'none';
    document.body.dataset.game = s.match?.game ?? '';
    this.setStatus(this.sc?.status ?? t('no-match'));
    this.tick();
    if (focus) this.root.querySelector<HTMLElement>(focus)?.focus();
  }

  private setStatus(text: string): void {
    if (this.status.textContent !== text) this.status.textContent = text;
  }

  private setPending(seq: number | null): void {
    this.pending = seq;
    if (seq === null) this.accepting = null;
    document.body.classList.toggle('busy', seq !== null);
  }

  toast(text: string): void {
    this.toastEl.textContent = text;
    this.toastEl.classList.add('on');
    window.clearTimeout(this.toastTimer);
    this.toastTimer = window.setTimeout(() => this.toastEl.classList.remove('on'), 4500);
  }

  /** Sends the move `id` of the latest state. */
  play(id: string): void {
    const s = this.state;
    const m: Move | undefined = s?.moves.find((x) => x.id === id);
    if (!s?.match || !m || this.pending !== null || !this.net) return;
    const seq = this.net.nextSeq();
    const ok = this.net.send({ t: 'move', seq, match_id: s.match.id, version: s.match.version, play: m.play });
    if (ok) this.setPending(seq);
    else this.toast(t('connecting'));
  }

  private click(e: MouseEvent): void {
    const el = (e.target as Element).closest<HTMLElement>('button');
    if (!el || !this.root.contains(el)) return;
    if (el.id === 'knock-mode' || el.id === 'swap-mode') {
      const mode = el.id === 'knock-mode' ? 'knock' : 'swap';
      this.ui.mode = this.ui.mode === mode ? 'play' : mode;
      this.redraw();
      this.root.querySelector<HTMLElement>('#' + el.id)?.focus();
      return;
    }
    if (el.id === 'sort' && this.sc) {
      resetOrder(this.sc.dealKey);
      this.redraw();
      return;
    }
    if (el.id === 'deck') {
      toggleDeck();
      this.redraw();
      this.root.querySelector<HTMLElement>('#deck')?.focus();
      return;
    }
    if (el.id === 'dismiss') {
      this.ui.dismissed = Number(el.dataset.deal);
      this.redraw();
      return;
    }
    if (el.id === 'retry') {
      this.setStatus(t('connecting'));
      this.net?.restart();
      return;
    }
    if (el.id === 'practice') return this.ask({ t: 'practice' });
    if (el.dataset.challenge) return this.ask({ t: 'challenge', opponent: el.dataset.challenge });
    if (el.dataset.accept) return this.ask({ t: 'accept', challenge: Number(el.dataset.accept) });
    if (el.dataset.decline) return this.ask({ t: 'decline', challenge: Number(el.dataset.decline) });
    if (el.dataset.move) this.play(el.dataset.move);
  }

  /** A request that starts a match (practice, a challenge, an acceptance), or a decline:
   * answered like a move. */
  private ask(
    frame:
      | { t: 'practice' }
      | { t: 'challenge'; opponent: string }
      | { t: 'accept'; challenge: number }
      | { t: 'decline'; challenge: number },
  ): void {
    if (this.pending !== null || !this.net) return;
    const seq = this.net.nextSeq();
    if (this.net.send({ ...frame, seq })) {
      this.setPending(seq);
      this.accepting = frame.t === 'accept' ? frame.challenge : null;
    } else this.toast(t('connecting'));
  }

  private key(e: KeyboardEvent): void {
    const el = e.target as HTMLElement;
    if (!e.altKey || !el.classList?.contains('hcard')) return;
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const card = el.dataset.card;
    const cards = this.handOrder();
    if (!card || !this.sc) return;
    const i = cards.indexOf(card);
    moveCard(this.sc.dealKey, cards, card, i + (e.key === 'ArrowLeft' ? -1 : 1));
    this.redraw();
    this.root.querySelector<HTMLElement>(`#hand [data-card="${card}"]`)?.focus();
  }

  private handOrder(): string[] {
    if (!this.sc || !this.state) return [];
    return ordered(this.sc.dealKey, this.sc.hand ?? [], this.state.arrangement);
  }

  private reorder(card: string, before: string | null): void {
    if (!this.sc || card === before) return;
    const cards = this.handOrder();
    const rest = cards.filter((c) => c !== card);
    const to = before === null ? rest.length : rest.indexOf(before);
    moveCard(this.sc.dealKey, cards, card, to < 0 ? rest.length : to);
    this.redraw();
  }

  /** The turn clock, once a second. */
  private tick(): void {
    const el = document.getElementById('clock');
    if (!el) return;
    const forfeit = Number(el.dataset.forfeit);
    const remind = Number(el.dataset.remind);
    const left = Math.max(0, Math.round(forfeit - Date.now() / 1000));
    let text = t('clock', { time: duration(left) });
    if (remind && remind * 1000 > Date.now()) {
      const at = new Date(remind * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
      text += ` · ${t('clock-reminder', { time: at })}`;
    }
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle('late', left < 3600);
  }
}

function duration(s: number): string {
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

/** A selector finding the same control after a re-render. */
function focusKey(el: Element | null): string | null {
  if (!(el instanceof HTMLElement)) return null;
  if (el.dataset.card) return `#hand [data-card="${el.dataset.card}"]`;
  if (el.dataset.move) return `[data-move="${el.dataset.move}"]`;
  if (el.id) return '#' + el.id;
  return null;
}
