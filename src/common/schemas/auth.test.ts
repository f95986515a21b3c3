import { describe, expect, it } from 'vitest';
import { normalizeShortname, shortnameProblem } from '../shortname';
import { joinSchema, registerOrganizationFields, mismatch, passwordsMatch, shortnameSchema } from './auth';

const fieldsWithErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  new Set(result.error?.issues.map((i) => i.path.join('.')));

describe('sign-up forms show every error at once', () => {
  it('the join form reports mismatched passwords beside every other field error', () => {
    const result = joinSchema.safeParse({
      username: 'a',
      email: 'x',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(fieldsWithErrors(result)).toEqual(
      new Set(['username', 'email', 'password', 'confirmPassword', 'agreeToTerms']),
    );
    const confirm = result.error?.issues.find((i) => i.path[0] === 'confirmPassword');
    expect(confirm?.message).toBe("Passwords don't match");
  });

  it('the new-organization form says the passwords differ while other fields are still empty', () => {
    const schema = registerOrganizationFields.refine(passwordsMatch, mismatch);
    const result = schema.safeParse({
      username: '',
      email: '',
      password: 'Long-enough-1',
      confirmPassword: 'Long-enough-2',
      organizationName: '',
      organizationShortname: '',
    });
    expect(result.error?.issues.find((i) => i.path[0] === 'confirmPassword')?.message).toBe(
      "Passwords don't match",
    );
  });
});

describe('shortnames', () => {
  it('are DNS labels: no hyphen at either end', () => {
    for (const bad of ['-abc', 'abc-', '-abc-'])
      expect(shortnameSchema.safeParse(bad).error?.issues[0].message).toBe(
        'Shortname cannot start or end with a hyphen',
      );
    expect(shortnameSchema.safeParse('a-b-c').success).toBe(true);
  });

  it("are checked by one rule: the registration form's zod-free check and the server's schema agree", () => {
    const cases: [string, string | undefined][] = [
      ['', 'Shortname must be at least 3 characters'],
      ['ab', 'Shortname must be at least 3 characters'],
      ['abc', undefined],
      ['a'.repeat(50), undefined],
      ['a'.repeat(51), 'Shortname must be at most 50 characters'],
      ['Abc', 'Only lowercase letters, numbers, and hyphens allowed'],
      ['a_c', 'Only lowercase letters, numbers, and hyphens allowed'],
      ['-ab', 'Shortname cannot start or end with a hyphen'],
      ['new-stage-7', undefined],
    ];
    for (const [value, problem] of cases) {
      expect(shortnameProblem(value)).toBe(problem);
      expect(shortnameSchema.safeParse(value).error?.issues[0].message).toBe(problem);
    }
    expect(shortnameSchema.safeParse(undefined).error?.issues[0].message).toBe(
      'Shortname must be at least 3 characters',
    );
  });

  it('are typed lowercase, other characters dropped', () => {
    expect(normalizeShortname('New Stage_7!')).toBe('newstage7');
    expect(shortnameProblem(normalizeShortname('Rep-Co'))).toBeUndefined();
  });
});
