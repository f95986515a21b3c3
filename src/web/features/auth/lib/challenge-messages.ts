// What the security challenge says after a wrong answer.

export const CHALLENGE_REPLACED = 'Incorrect answer. A new question was generated; please answer it.';

/** No attempts left means the question is replaced, and the person is told so. */
export function wrongAnswerMessage(attemptsRemaining: number): string {
  if (attemptsRemaining <= 0) return CHALLENGE_REPLACED;
  return `Incorrect answer. ${attemptsRemaining} ${attemptsRemaining === 1 ? 'attempt' : 'attempts'} remaining.`;
}
