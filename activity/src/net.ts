// The WebSocket to the bot (docs/activity.md): hello first, then states in, moves out; on a
// close it comes back with a growing pause (1 s, 2 s, 4 s … at most 10 s), unless the bot
// said the player is not in this Activity: then it waits to be asked to try again.

import type { Incoming, ServerFrame } from './types';

/** The hello's fields. */
export type Hello = Omit<Extract<Incoming, { t: 'hello' }>, 't'>;

export interface Handlers {
  frame(f: ServerFrame): void;
  /** The socket closed; `retryIn` seconds until the next try; `why`: the bot's reason, if it gave one. */
  down(retryIn: number, why: string | null): void;
  /** The bot said the player is not in this Activity (`why`): no more tries until `restart`. */
  gone(why: string): void;
  /** Called before each try: a fresh hello (it may sign in again first). */
  hello(reauthorize: boolean): Promise<Hello>;
}

/** Error codes after which trying again by itself would only be refused again. */
const FINAL = new Set(['not_in_activity']);

export class Connection {
  private ws: WebSocket | null = null;
  private delay = 1;
  private reauth = false;
  private ping: number | undefined;
  private seq = 0;
  /** The error the bot sent on the socket now open, if any. */
  private error: { code: string; text: string } | null = null;
  private timer: number | undefined;

  constructor(private readonly on: Handlers) {}

  start(): void {
    void this.open();
  }

  /** Tries again at once, after `gone`. */
  restart(): void {
    if (this.ws) return;
    window.clearTimeout(this.timer);
    this.delay = 1;
    void this.open();
  }

  /** Sends a frame; false when the socket is not open. */
  send(frame: Incoming): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  nextSeq(): number {
    return ++this.seq;
  }

  private url(): string {
    const u = new URL('api/ws', location.href);
    u.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return u.toString();
  }

  private async open(): Promise<void> {
    let hello: Hello;
    try {
      hello = await this.on.hello(this.reauth);
    } catch {
      this.retry(null);
      return;
    }
    this.reauth = false;
    this.error = null;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ t: 'hello', ...hello }));
      this.ping = window.setInterval(() => this.send({ t: 'ping' }), 25000);
    };
    ws.onmessage = (ev) => {
      let f: ServerFrame;
      try {
        f = JSON.parse(String(ev.data)) as ServerFrame;
      } catch {
        return;
      }
      if (f.t === 'welcome') this.delay = 1;
      if (f.t === 'error') {
        this.error = { code: f.code, text: f.text };
        if (f.code === 'unauthorized') this.reauth = true;
      }
      this.on.frame(f);
    };
    ws.onclose = () => {
      window.clearInterval(this.ping);
      if (this.ws === ws) this.ws = null;
      const error = this.error;
      if (error && FINAL.has(error.code)) this.on.gone(error.text);
      else this.retry(error?.text || null);
    };
  }

  private retry(why: string | null): void {
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, 10);
    this.on.down(wait, why);
    this.timer = window.setTimeout(() => void this.open(), wait * 1000);
  }
}
