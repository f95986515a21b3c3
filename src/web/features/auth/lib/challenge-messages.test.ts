import { describe, expect, it } from 'vitest';
import { CHALLENGE_REPLACED, wrongAnswerMessage } from './challenge-messages';

describe('security challenge messages', () => {
  it('counts the attempts left in words that agree with the number', () => {
    expect(wrongAnswerMessage(2)).toBe('Incorrect answer. 2 attempts remaining.');
    expect(wrongAnswerMessage(1)).toBe('Incorrect answer. 1 attempt remaining.');
  });

  it('says a new question replaced the spent one', () => {
    expect(wrongAnswerMessage(0)).toBe(CHALLENGE_REPLACED);
    expect(CHALLENGE_REPLACED).toBe('Incorrect answer. A new question was generated; please answer it.');
  });
});
