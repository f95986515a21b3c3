// Hides the secret part of every link in a piece of mail (text, HTML, a subject or a header):
// token, secret, signature and key parameters, including the signed one-click answer and
// unsubscribe links. HTML may spell a link's separators as character references (`&amp;token=`,
// `&#38;token&#61;`) and a link may sit percent-encoded inside another, so the search runs on the
// decoded text while the replacement is made in the original, which keeps its markup intact.

// The references that can stand for the characters a link is made of.
const NAMED: Record<string, string> = {
  amp: '&',
  equals: '=',
  quest: '?',
  semi: ';',
  num: '#',
  percnt: '%',
  sol: '/',
  colon: ':',
  period: '.',
  lowbar: '_',
  hyphen: '-',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
};
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z]{2,8}));?/y;

const SEPARATOR = '(?:[?&;]|%26|%3F|%3B)';
const NAME = '[A-Za-z0-9_.-]*(?:token|secret|signature|sig|key|password)';
const EQUALS = '(?:=|%3D)';
const VALUE = `(?:(?!%26|%23)[^\\s&"'<>#])+`;
const SECRET_PARAMETER = new RegExp(`(${SEPARATOR}${NAME}${EQUALS})(${VALUE})`, 'gi');

function referenceAt(raw: string, at: number): { text: string; length: number } | null {
  REFERENCE.lastIndex = at;
  const m = REFERENCE.exec(raw);
  if (!m) return null;
  const code = m[1] ? Number(m[1]) : m[2] ? Number.parseInt(m[2], 16) : null;
  const text =
    code === null ? NAMED[m[3].toLowerCase()] : code <= 0x10ffff ? String.fromCodePoint(code) : null;
  return text ? { text, length: m[0].length } : null;
}

/** The text with references decoded, and for each of its code units the span it came from. */
function decode(raw: string) {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < raw.length; ) {
    const ref = raw[i] === '&' ? referenceAt(raw, i) : null;
    const piece = ref?.text ?? raw[i];
    const length = ref?.length ?? 1;
    for (const unit of piece) {
      text += unit;
      from.push(i);
      to.push(i + length);
    }
    i += length;
  }
  return { text, from, to };
}

export function redactSecrets(raw: string, marker: string): string {
  const { text, from, to } = decode(raw);
  let out = '';
  let kept = 0;
  for (const m of text.matchAll(SECRET_PARAMETER)) {
    const start = (m.index ?? 0) + m[1].length;
    const end = start + m[2].length;
    out += raw.slice(kept, from[start]) + marker;
    kept = to[end - 1];
  }
  return out + raw.slice(kept);
}
