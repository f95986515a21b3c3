import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { focusMainHeading } from '@web/lib/focus';
import { useAuth } from '@web/lib/session';

const SITE = 'Greenroom';
// A screen's heading may arrive after its data; stop watching once it has settled.
const WATCH_MS = 5_000;

function headingText(): string {
  const heading = document.querySelector('main h1') ?? document.querySelector('h1');
  return heading?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/**
 * Whether focus is still where the page change stranded it: nowhere, or on the control that was
 * focused as the page changed (the menu link followed), in the header or menu. Focus the person
 * has moved on since, while the page was loading, is theirs.
 */
function focusStranded(leftOn: Element | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  if (active !== leftOn) return false;
  return !active.closest('main') && !active.closest('[role="dialog"],[role="alertdialog"]');
}

/**
 * Names every page in the tab title ("Calendar · Demo Community Theater") from its main heading,
 * and after a route change moves focus to that heading, so a screen reader announces the new
 * page and a keyboard user continues from its top instead of from <body>.
 */
export function PageAnnouncer() {
  const [location] = useLocation();
  const { organization } = useAuth();
  const site = organization?.name ?? SITE;
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on every route change
  useEffect(() => {
    const moveFocus = !first.current;
    first.current = false;
    const leftOn = document.activeElement;
    let focused = false;
    const update = () => {
      const text = headingText();
      document.title = text && text !== site ? `${text} · ${site}` : site;
      if (text && moveFocus && !focused) {
        focused = true;
        if (focusStranded(leftOn)) focusMainHeading();
      }
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const stop = window.setTimeout(() => observer.disconnect(), WATCH_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [location, site]);

  return null;
}
