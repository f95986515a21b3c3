// What the app keeps on this device to show while offline: the signed-in session and My Schedule
// as last answered, for one member of one organization at a time. The service worker keeps no API
// answer (vite.config.ts); only this does, and only for the member who is signed in here:
// - everything is forgotten on sign-out, when the server says nobody is signed in, and when
//   another member (or the same person in another organization) signs in;
// - a copy is only ever read back for the member it was kept for.
// Each organization is its own address, so its browser storage is its own as well.

const STORAGE_KEY = 'greenroom.offline';

export interface Owner {
  userId: number;
  organizationId: number | null;
}

interface Kept<T> {
  savedAt: string;
  data: T;
}

interface Store {
  owner: Owner;
  entries: Record<string, Kept<unknown>>;
}

const sameOwner = (a: Owner, b: Owner) => a.userId === b.userId && a.organizationId === b.organizationId;

function load(): Store | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Store) : null;
  } catch {
    return null;
  }
}

function save(store: Store) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(store));
  } catch {
    // Storage full or refused (private browsing): the app works, only not offline.
  }
}

/** Forgets every kept answer. */
export function forgetOfflineCopies() {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing could have been kept either.
  }
}

/** Keeps `data` under `name` for `owner`; anything kept for someone else goes first. */
export function keepOfflineCopy(owner: Owner, name: string, data: unknown) {
  const current = load();
  const entries = current && sameOwner(current.owner, owner) ? current.entries : {};
  save({ owner, entries: { ...entries, [name]: { savedAt: new Date().toISOString(), data } } });
}

/** What was kept under `name` for `owner`, with when; never another member's copy. */
export function readOfflineCopy<T>(owner: Owner, name: string): Kept<T> | null {
  const current = load();
  if (!current || !sameOwner(current.owner, owner)) return null;
  return (current.entries[name] as Kept<T> | undefined) ?? null;
}

/** Whose copies are kept here, if anyone's (the session shown while offline). */
export function offlineOwner(): Owner | null {
  return load()?.owner ?? null;
}

/** True when a request never reached the server (offline), as opposed to a refusal or an error answer. */
export const isNetworkFailure = (error: unknown) => error instanceof TypeError;
