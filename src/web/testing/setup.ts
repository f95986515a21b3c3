// Every component test file runs this first.
//
// A lazily loaded part of a page (a tab, a dialog) can finish loading after a test has made its
// assertions, outside any act(). React then logs that the load "was not wrapped in act", and when
// that happens as the file closes, the log reaches a worker already shutting down and fails the
// run though every test passed. The load itself is harmless, so that one warning is dropped;
// every other warning still shows.
const LATE_LAZY_LOAD = 'A suspended resource finished loading inside a test';

const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith(LATE_LAZY_LOAD)) return;
  consoleError(...args);
};
