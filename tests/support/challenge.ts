// Solves the sign-up security challenge the way a person would, so tests can pass it.
import { TRIVIA } from '../../src/server/features/registration/challenge';
import type { Agent } from './app';

export function solveChallenge(question: string): string {
  const math = /^(\d+) ([+\-×]) (\d+)$/.exec(question);
  if (math) {
    const a = Number(math[1]);
    const b = Number(math[3]);
    return String(math[2] === '+' ? a + b : math[2] === '-' ? a - b : a * b);
  }
  const trivia = TRIVIA.find((t) => t.question === question);
  if (!trivia) throw new Error(`unknown challenge question: ${question}`);
  return trivia.answers[0];
}

/** A fresh challenge from the server with its right answer, as register-organization wants them. */
export async function solvedChallenge(agent: Agent) {
  const res = await agent.get('/api/security-challenge');
  const { token, question } = res.json() as { token: string; question: string };
  return { challengeToken: token, challengeAnswer: solveChallenge(question) };
}

/** A challenge answered wrongly on purpose: a number no question has as its answer. */
export const WRONG_ANSWER = 'definitely-wrong';
