// How presence behaves in time, from the environment (README: PRESENCE_* variables).

export interface PresenceSettings {
  /** A closed connection's user stays listed this long, so a reload or reconnect is no leave. */
  graceMs: number;
  /** Without a click, key press, page change or status change for this long, online shows as away. */
  idleMs: number;
  /** How often an instance re-announces its members; remote entries expire after three misses. */
  announceMs: number;
  /** Housekeeping cadence (idle, expiry, dead sockets). */
  tickMs: number;
  /** A socket silent for this long (no heartbeat either) is dropped. */
  deadMs: number;
  /** How often open sockets' sessions are checked against the session table. */
  revalidateMs: number;
}

export function presenceSettings(env: NodeJS.ProcessEnv = process.env): PresenceSettings {
  const num = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  const announceMs = num('PRESENCE_ANNOUNCE_MS', 15_000);
  return {
    graceMs: num('PRESENCE_GRACE_MS', 8_000),
    idleMs: num('PRESENCE_IDLE_MS', 5 * 60_000),
    announceMs,
    tickMs: num('PRESENCE_TICK_MS', Math.min(1_000, announceMs)),
    deadMs: num('PRESENCE_DEAD_MS', 90_000),
    revalidateMs: num('PRESENCE_REVALIDATE_MS', 60_000),
  };
}
