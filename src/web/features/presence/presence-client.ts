// The browser's end of /ws: opens only for a signed-in member of an
// organization, authenticates with the current page (the cookie does the real work), sends a
// heartbeat every 30 s, reports clicks and key presses (so an idle member comes back online),
// reconnects with backoff, and keeps the organization's presence list.
import {
  applyPresenceMessage,
  HEARTBEAT_INTERVAL_MS,
  type PresenceEntry,
  type PresenceStatus,
  type ServerMessage,
  shouldReportActivity,
} from '@common/presence';

export interface PresenceState {
  users: PresenceEntry[];
  status: PresenceStatus;
  connected: boolean;
}

/** A feature's live signal over the presence socket: its type and what it concerns. */
export interface LiveSignal {
  type: string;
  [key: string]: unknown;
}

const PRESENCE_TYPES = new Set(['presence_list', 'presence_update']);

const INITIAL: PresenceState = { users: [], status: 'online', connected: false };
const MAX_BACKOFF_MS = 30_000;
// What counts as the member being at the page; passive events (mouse moves, scrolls) do not.
const ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const;
// The server closes with this code when the session ended (sign-out elsewhere, disabled).
const CLOSE_SIGNED_OUT = 4001;

export class PresenceClient {
  private state: PresenceState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private readonly noticeListeners = new Set<() => void>();
  private readonly signalListeners = new Set<(signal: LiveSignal) => void>();
  private socket: WebSocket | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private attempts = 0;
  private running = false;
  private page = '/';
  private lastActivityReport: number | null = null;

  constructor(private readonly onSignedOut: () => void) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.state;

  /** Called for each new entry of the member's notification centre pushed over this socket. */
  onNotice = (listener: () => void) => {
    this.noticeListeners.add(listener);
    return () => {
      this.noticeListeners.delete(listener);
    };
  };

  /**
   * Called for each live signal of a feature (a message that is neither presence nor a notice,
   * e.g. `{type: 'calls-changed', eventId}`): screens refetch what it names.
   */
  onSignal = (listener: (signal: LiveSignal) => void) => {
    this.signalListeners.add(listener);
    return () => {
      this.signalListeners.delete(listener);
    };
  };

  start(page: string) {
    this.page = page;
    if (this.running) return;
    this.running = true;
    document.addEventListener('visibilitychange', this.onVisible);
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, this.onActivity, { passive: true });
    this.connect();
  }

  stop() {
    this.running = false;
    document.removeEventListener('visibilitychange', this.onVisible);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, this.onActivity);
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeat);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'Signed out');
    this.update(INITIAL);
  }

  setPage(page: string) {
    if (page === this.page) return;
    this.page = page;
    this.send({ type: 'page_change', currentPage: page });
  }

  setStatus = (status: PresenceStatus) => {
    this.update({ ...this.state, status });
    this.send({ type: 'status_update', status });
  };

  private update(next: PresenceState) {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private send(message: Record<string, unknown>) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect() {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws`);
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      // The spec's client sends the session id here; the cookie is httpOnly, so the server
      // reads it from the upgrade instead.
      this.send({ type: 'authenticate', currentPage: this.page });
      if (this.state.status !== 'online') this.send({ type: 'status_update', status: this.state.status });
      clearInterval(this.heartbeat);
      this.heartbeat = setInterval(() => this.send({ type: 'heartbeat' }), HEARTBEAT_INTERVAL_MS);
      this.update({ ...this.state, connected: true });
    };
    socket.onmessage = (event) => {
      try {
        const message = JSON.parse(String(event.data)) as ServerMessage | LiveSignal;
        if (message.type === 'notification') {
          for (const listener of this.noticeListeners) listener();
          return;
        }
        if (!PRESENCE_TYPES.has(message.type)) {
          for (const listener of this.signalListeners) listener(message as LiveSignal);
          return;
        }
        this.update({
          ...this.state,
          users: applyPresenceMessage(this.state.users, message as ServerMessage),
        });
      } catch (error) {
        console.warn('presence: could not read a message', error);
      }
    };
    socket.onerror = (event) => console.warn('presence: connection error', event);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.heartbeat);
      this.update({ ...this.state, connected: false });
      if (!this.running) return;
      console.info('presence: connection closed', event.code);
      if (event.code === CLOSE_SIGNED_OUT) this.onSignedOut();
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    clearTimeout(this.reconnectTimer);
    const base = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** this.attempts);
    this.attempts += 1;
    // Jitter, so that every page of a restarted instance does not come back in the same instant.
    const delay = base / 2 + Math.random() * (base / 2);
    this.reconnectTimer = setTimeout(() => {
      if (this.running && !this.socket) this.connect();
    }, delay);
  }

  private onActivity = () => {
    const now = Date.now();
    if (!shouldReportActivity(now, this.lastActivityReport)) return;
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    this.lastActivityReport = now;
    this.send({ type: 'activity' });
  };

  /** A tab coming back to the foreground reconnects at once instead of waiting out the backoff. */
  private onVisible = () => {
    if (document.visibilityState !== 'visible' || !this.running || this.socket) return;
    this.attempts = 0;
    clearTimeout(this.reconnectTimer);
    this.connect();
  };
}
