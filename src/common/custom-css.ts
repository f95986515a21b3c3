// An organization's custom CSS may restyle the product but never reach another host or run
// anything. Checked when saved (the form shows the message) and again when served, so a row
// edited behind the form's back is still withheld. Isomorphic.

export const MAX_CUSTOM_CSS = 50_000;

// Only small embedded raster images: an SVG image could itself reference other resources.
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

const RULES: { pattern: RegExp; message: string }[] = [
  { pattern: /</, message: 'Custom CSS cannot contain HTML (the character "<")' },
  { pattern: /\\/, message: 'Custom CSS cannot contain backslash escapes' },
  { pattern: /@import/i, message: 'Custom CSS cannot use @import' },
  { pattern: /@namespace/i, message: 'Custom CSS cannot use @namespace' },
  { pattern: /expression\s*\(/i, message: 'Custom CSS cannot use expression()' },
  { pattern: /javascript\s*:|vbscript\s*:/i, message: 'Custom CSS cannot contain script URLs' },
  { pattern: /behaviou?r\s*:|-moz-binding/i, message: 'Custom CSS cannot use behavior or -moz-binding' },
  { pattern: /image-set\s*\(|\bsrc\s*\(/i, message: 'Custom CSS cannot use image-set() or src()' },
];

function urlProblem(css: string): string | null {
  const urls = /url\s*\(\s*(['"]?)([^)'"]*)\1\s*\)/gi;
  let count = 0;
  for (const m of css.matchAll(urls)) {
    count++;
    if (!DATA_IMAGE.test(m[2].trim())) {
      return 'Custom CSS can only use url() with embedded images (data:image/png, jpeg, gif or webp)';
    }
  }
  // A url( the pattern above could not read (unbalanced quotes, nested parentheses) is refused.
  const all = css.match(/url\s*\(/gi)?.length ?? 0;
  if (all !== count) return 'Custom CSS contains a url() that could not be checked';
  return null;
}

/** The first reason this CSS cannot be used, or null when it is safe to serve. */
export function customCssProblem(css: string | null | undefined): string | null {
  if (!css) return null;
  if (css.length > MAX_CUSTOM_CSS)
    return `Custom CSS must be ${MAX_CUSTOM_CSS.toLocaleString('en-US')} characters or less`;
  // Comments are checked both ways: kept (as written) and removed (as a browser would join tokens).
  const variants = [css, css.replace(/\/\*[\s\S]*?(\*\/|$)/g, '')];
  for (const text of variants) {
    for (const rule of RULES) if (rule.pattern.test(text)) return rule.message;
    const url = urlProblem(text);
    if (url) return url;
  }
  return null;
}
