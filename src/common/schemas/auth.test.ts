import { describe, expect, it } from 'vitest';
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
});
