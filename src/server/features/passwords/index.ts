// Forgot and reset password: single-use reset tokens.

export { issueResetToken } from './service';
