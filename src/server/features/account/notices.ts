// The mail an account change sends: the link to a new address, and the notices to the address
// the account had, so its owner hears of a change made from a session someone borrowed.
import { EMAIL_CHANGE_TTL_HOURS } from '../../../common/account';
import type { Mail } from '../mail';

const IF_NOT_YOU = [
  'If this was not you, someone may be using your account: reset your password at once with',
  '"Forgot your password?" on the sign-in page, and tell an administrator of your organization.',
];

/** Who asked, in a sentence: the member, or a system administrator on their behalf. */
const asker = (byAdministrator: boolean) =>
  byAdministrator ? 'A Greenroom system administrator asked' : 'Someone signed in to your account asked';

export function emailChangeLink(to: string, username: string, link: string, byAdministrator: boolean): Mail {
  return {
    to,
    subject: 'Confirm your new Greenroom email address',
    text: [
      `Hello ${username},`,
      '',
      `${asker(byAdministrator)} to use this address for the Greenroom account "${username}".`,
      'Nothing changes until you confirm it. To confirm, open:',
      link,
      '',
      `The link works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours. If you did not ask for this, ignore this email.`,
    ].join('\n'),
  };
}

export function emailChangeRequested(
  to: string,
  username: string,
  newEmail: string,
  byAdministrator: boolean,
): Mail {
  return {
    to,
    subject: 'A change of your Greenroom email address was requested',
    text: [
      `Hello ${username},`,
      '',
      `${asker(byAdministrator)} to change the email address of your Greenroom account to ${newEmail}.`,
      'The address changes only once the link sent to the new address is opened.',
      '',
      ...IF_NOT_YOU,
    ].join('\n'),
  };
}

export function emailChanged(to: string, username: string, newEmail: string): Mail {
  return {
    to,
    subject: 'Your Greenroom email address was changed',
    text: [
      `Hello ${username},`,
      '',
      `The email address of your Greenroom account is now ${newEmail}; mail about the account,`,
      'password reset links included, goes there from now on.',
      '',
      ...IF_NOT_YOU,
    ].join('\n'),
  };
}

export function usernameChanged(to: string, oldUsername: string, newUsername: string): Mail {
  return {
    to,
    subject: 'Your Greenroom username was changed',
    text: [
      `Hello ${newUsername},`,
      '',
      `The username of your Greenroom account was changed from "${oldUsername}" to "${newUsername}".`,
      'Sign in with the new username from now on.',
      '',
      ...IF_NOT_YOU,
    ].join('\n'),
  };
}
