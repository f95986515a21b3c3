// The sign-up security challenge, verified by the server. The token is signed and
// carries only keyed hashes of the accepted answers, so the page cannot read the answer from it;
// attempts and single use are tracked in `used_challenges` so every instance agrees.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';

export const CHALLENGE_TTL_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 3;

export const TRIVIA: { question: string; answers: string[] }[] = [
  { question: 'What color is the sky on a clear day?', answers: ['blue'] },
  { question: 'How many days are in a week?', answers: ['7', 'seven'] },
  { question: 'What is the opposite of hot?', answers: ['cold'] },
  { question: 'How many legs does a spider have?', answers: ['8', 'eight'] },
  { question: 'What do bees make?', answers: ['honey'] },
  { question: 'What is frozen water called?', answers: ['ice'] },
  { question: 'How many months are in a year?', answers: ['12', 'twelve'] },
  { question: 'What animal says "moo"?', answers: ['cow', 'a cow'] },
];

interface Payload {
  id: string;
  exp: number;
  h: string[];
}

const normalize = (answer: string) => answer.trim().toLowerCase();
const keyed = (secret: string, id: string, answer: string) =>
  createHmac('sha256', secret)
    .update(`${id}:${normalize(answer)}`)
    .digest('base64url');
const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`challenge:${body}`).digest('base64url');

export const CHALLENGE_TYPES = ['math', 'trivia'] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];

/** A math picture or a question in words; `type` asks for one (words for screen-reader users). */
function makeQuestion(type?: ChallengeType): { type: ChallengeType; question: string; answers: string[] } {
  if (type === 'trivia' || (type === undefined && randomInt(2) === 0)) {
    const t = TRIVIA[randomInt(TRIVIA.length)];
    return { type: 'trivia', question: t.question, answers: t.answers };
  }
  const op = randomInt(3);
  if (op === 0) {
    const a = randomInt(1, 51);
    const b = randomInt(1, 51);
    return { type: 'math', question: `${a} + ${b}`, answers: [String(a + b)] };
  }
  if (op === 1) {
    const a = randomInt(20, 70);
    const b = randomInt(1, 21);
    return { type: 'math', question: `${a} - ${b}`, answers: [String(a - b)] };
  }
  const a = randomInt(1, 13);
  const b = randomInt(1, 13);
  return { type: 'math', question: `${a} × ${b}`, answers: [String(a * b)] };
}

export function issueChallenge(secret: string, type?: ChallengeType) {
  const q = makeQuestion(type);
  const id = randomBytes(16).toString('base64url');
  const payload: Payload = {
    id,
    exp: Date.now() + CHALLENGE_TTL_MS,
    h: q.answers.map((a) => keyed(secret, id, a)),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { token: `${body}.${sign(secret, body)}`, type: q.type, question: q.question };
}

function open(secret: string, token: string): Payload | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Payload;
    return payload.exp > Date.now() ? payload : null;
  } catch {
    return null;
  }
}

const isCorrect = (secret: string, p: Payload, answer: string) => p.h.includes(keyed(secret, p.id, answer));

async function countAttempt(database: Database, payload: Payload, wrong: 0 | 1) {
  const [row] = await database.query<{ attempts: number; consumed: boolean }>(
    `insert into used_challenges (id, attempts, expire) values ($1, $2, to_timestamp($3 / 1000.0))
     on conflict (id) do update set attempts = used_challenges.attempts + $2
     returning attempts, consumed`,
    [payload.id, wrong, payload.exp],
  );
  return row;
}

/** One answer attempt from the form; counts wrong answers, never consumes the challenge. */
export async function verifyAttempt(database: Database, secret: string, token: string, answer: string) {
  const payload = open(secret, token);
  if (!payload) throw new AppError(400, 'Security challenge expired, please try a new one');
  const correct = isCorrect(secret, payload, answer);
  const row = await countAttempt(database, payload, correct ? 0 : 1);
  const remaining = Math.max(0, MAX_ATTEMPTS - row.attempts);
  return { correct: correct && remaining > 0 && !row.consumed, attemptsRemaining: remaining };
}

/** Sign-up spends the challenge: valid, unexpired, correct, under the attempt limit, used once. */
export async function consumeChallenge(database: Database, secret: string, token: string, answer: string) {
  const payload = open(secret, token);
  const refuse = () => new AppError(400, 'Please complete the security verification');
  if (!payload) throw refuse();
  if (!isCorrect(secret, payload, answer)) {
    // Wrong answers here count like the form's, or sign-up itself could be used to guess.
    await countAttempt(database, payload, 1);
    throw refuse();
  }
  const rows = await database.query(
    `insert into used_challenges (id, attempts, consumed, expire) values ($1, 0, true, to_timestamp($2 / 1000.0))
     on conflict (id) do update set consumed = true
     where used_challenges.consumed = false and used_challenges.attempts < $3
     returning id`,
    [payload.id, payload.exp, MAX_ATTEMPTS],
  );
  if (rows.length === 0) throw refuse();
  // Expired entries are useless after their token expires; prune opportunistically.
  await database.query('delete from used_challenges where expire < now()');
}
