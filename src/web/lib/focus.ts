// Where keyboard focus goes when what held it goes away: a closed dialog hands it back to the
// control that opened it, a new page puts it on the page's main heading. Never left on <body>,
// where a keyboard user would have to start again from the top.

/** The page's main heading (made focusable by script only), or the main region, or null. */
function mainHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    return heading;
  }
  return document.querySelector<HTMLElement>('main');
}

// How the person last moved through the page. Before any key or pointer, a browser treats
// focus moved by script as keyboard focus and rings it, which a mouse user reads as a defect.
let lastInput: 'none' | 'keyboard' | 'pointer' = 'none';
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', () => (lastInput = 'keyboard'), { capture: true });
  document.addEventListener('pointerdown', () => (lastInput = 'pointer'), { capture: true });
}

/**
 * Moves focus to the page's main heading without scrolling past the sticky header. A screen
 * reader always hears it; the ring shows only to someone who is using the keyboard.
 */
export function focusMainHeading(): boolean {
  const target = mainHeading();
  if (!target) return false;
  if (target.tagName === 'MAIN' && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  if (lastInput === 'keyboard') target.removeAttribute('data-quiet-focus');
  else {
    target.setAttribute('data-quiet-focus', '');
    target.addEventListener('blur', () => target.removeAttribute('data-quiet-focus'), { once: true });
  }
  target.focus({ preventScroll: true });
  return document.activeElement === target;
}

/**
 * The control to give focus back to once a dialog that opens now closes: the focused element, or,
 * when that is an item of an open menu (which disappears as the dialog opens), the menu's button.
 */
export function currentOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger) return trigger;
  }
  return active;
}

/**
 * Gives focus back to `opener` when it is still on the page. When it is gone (a confirmation
 * opened from inside a dialog that closes with it) focus stays where the outer dialog put it,
 * and only a focus lost to <body> goes to the main heading.
 */
export function returnFocus(opener: HTMLElement | null): void {
  // The page behind a modal is still aria-hidden while it closes: connected is what counts.
  if (opener?.isConnected) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && active.isConnected) return;
  focusMainHeading();
}
