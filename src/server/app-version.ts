import { readFileSync } from 'node:fs';

/** The running release, as package.json names it; 'unknown' when the file is not shipped. */
export const APP_VERSION = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    return String(pkg.version);
  } catch {
    return 'unknown';
  }
})();
