// Sign-in and what every way into an account shares: password hashes, one-time tokens, the
// address an account's mail links to, the sign-in refusal limits and the e-mail check.

export { accountOrigin } from './account-origin';
export { newOneTimeToken, tokenDigest } from './one-time-token';
export { hashPassword, verifyPassword } from './passwords';
export { findUserByEmail, isPendingOrganization, usernameOrEmailTaken } from './queries';
export { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_USER } from './service';
export { sendVerification } from './verification';
