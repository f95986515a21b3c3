// Radix's select hides everything outside its list with aria-hidden (marking each such element
// with data-aria-hidden) but leaves it focusable, which assistive technology handles badly. While
// a list is open, the same elements are made inert as well, so they also leave the tab order.

const MARKER = '[data-aria-hidden="true"]';

/** Makes every element Radix hid inert until the returned function is called. */
export function inertWhileHidden(): () => void {
  const made = new Set<Element>();
  const sweep = () => {
    for (const el of document.querySelectorAll(MARKER)) {
      if (el.hasAttribute('inert')) continue;
      el.setAttribute('inert', '');
      made.add(el);
    }
  };
  sweep();
  // The list marks the page a moment after it opens (once its element is known).
  const observer = new MutationObserver(sweep);
  observer.observe(document.body, { subtree: true, attributeFilter: ['data-aria-hidden'] });
  return () => {
    observer.disconnect();
    for (const el of made) el.removeAttribute('inert');
  };
}
