// Two-step sign-in: set-up, the second step of sign-in, and turning it off.

export { issueLoginToken } from './login-token';
export { checkOwnCode } from './service';
