import { ownStatus, type PresenceStatus } from '@common/presence';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { ME_KEY, useAuth } from '@web/lib/session';
import { type LiveSignal, PresenceClient, type PresenceState } from './presence-client';

const PresenceContext = createContext<PresenceClient | null>(null);

/**
 * Holds the one presence connection of the page. It opens only when both a user and an
 * organization exist and reports every route change as a page change.
 */
export function PresenceProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const { user, organization } = useAuth();
  const [location] = useLocation();
  const [client] = useState(
    () => new PresenceClient(() => void queryClient.invalidateQueries({ queryKey: ME_KEY })),
  );
  const locationRef = useRef(location);
  locationRef.current = location;
  const identity = user && organization ? `${user.id}:${organization.id}` : null;

  useEffect(() => {
    if (!identity) return;
    client.start(locationRef.current);
    return () => client.stop();
  }, [client, identity]);

  useEffect(() => {
    client.setPage(location);
  }, [client, location]);

  return <PresenceContext.Provider value={client}>{children}</PresenceContext.Provider>;
}

export interface Presence extends PresenceState {
  setStatus: (status: PresenceStatus) => void;
}

/** `status` is what colleagues see of the member (an idle member reads away), not only what they chose. */
export function usePresence(): Presence {
  const client = useContext(PresenceContext);
  if (!client) throw new Error('usePresence needs a PresenceProvider');
  const { user } = useAuth();
  const state = useSyncExternalStore(client.subscribe, client.getSnapshot);
  const status = user ? ownStatus(state.users, user.id, state.status) : state.status;
  return { ...state, status, setStatus: client.setStatus };
}

/** Runs `onNotice` whenever the server pushes a new notification to this member's page. */
export function useNoticeStream(onNotice: () => void) {
  const client = useContext(PresenceContext);
  useEffect(() => client?.onNotice(onNotice), [client, onNotice]);
}

/** Runs `onSignal` for each live signal of type `type` pushed to this member's page. */
export function useLiveSignal(type: string, onSignal: (signal: LiveSignal) => void) {
  const client = useContext(PresenceContext);
  useEffect(
    () => client?.onSignal((signal) => signal.type === type && onSignal(signal)),
    [client, type, onSignal],
  );
}
