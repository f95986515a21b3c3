// A member's own account: profile, e-mail change, password and picture.

export { checkOwnPassword } from './current-password';
