// The WebSocket to the bot (docs/activity.md): hello first, then states in, moves out; on a
// close it comes back with a growing pause (1 s, 2 s, 4 s … at most 10 s).

import type { ServerFrame } from './types';

export interface Hello {
  session: string;
  instance_id: string;
  lang: string;
}

export interface Handlers {
  frame(f: ServerFrame): void;
  /** The socket closed; `retryIn` seconds until the next try. */
  down(retryIn: number): void;
  /** Called before each try: a fresh hello (it may sign in again first). */
  hello(reauthorize: boolean): Promise<Hello>;
}

export class Connection {
  private ws: WebSocket | null = null;
  private delay = 1;
  private reauth = false;
  private ping: number | undefined;
  private seq = 0;

  constructor(private readonly on: Handlers) {}

  start(): void {
    void this.open();
  }

  /** Sends a frame; false when the socket is not open. */
  send(frame: Record<string, unknown>): boolean {
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
      this.retry();
      return;
    }
    this.reauth = false;
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
      if (f.t === 'error' && f.code === 'unauthorized') this.reauth = true;
      this.on.frame(f);
    };
    ws.onclose = () => {
      window.clearInterval(this.ping);
      if (this.ws === ws) this.ws = null;
      this.retry();
    };
  }

  private retry(): void {
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, 10);
    this.on.down(wait);
    window.setTimeout(() => void this.open(), wait * 1000);
  }
}
