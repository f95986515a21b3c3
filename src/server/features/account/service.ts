// A member's own account: profile, password and picture. Usernames and e-mails stay unique; a
// password change proves the current one, ends the member's other sessions and live connections,
// and tells them by e-mail.
import type { z } from 'zod';
import type { profileSchema } from '../../../common/schemas/account';
import {
  EMAIL_CHANGE_SEPARATE,
  EMAIL_TAKEN,
  PASSWORD_FOR_USERNAME,
  PICTURE_TOO_LARGE,
  PROFILE_PICTURE_CROP,
  USERNAME_TAKEN,
} from '../../../common/account';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { destroyUserSessions } from '../../http/session';
import { hashPassword } from '../auth';
import { deleteFile, fileIdFromUrl, storeImage } from '../files';
import type { Mailer } from '../mail';
import { checkOwnPassword } from './current-password';
import { usernameChanged } from './notices';
import { proveCaller } from './prove-caller';
import { findProfile, setPassword, swapProfilePicture, takenByOthers, updateProfile } from './queries';

type Profile = z.output<typeof profileSchema>;

function uniqueness(taken: { username: boolean; email: boolean }) {
  if (taken.username) return conflict(USERNAME_TAKEN);
  if (taken.email) return conflict(EMAIL_TAKEN);
  return null;
}

/**
 * Names and bio change freely. The e-mail changes only through its own confirmed request
 * (email-change.ts); the username, which one signs in with, needs the caller's password (and
 * code), and the account's address is told.
 */
export async function saveProfile(
  deps: { database: Database; mailer: Mailer },
  callerId: number,
  userId: number,
  input: Profile,
  clientAddress: string,
) {
  const { database, mailer } = deps;
  const current = await findProfile(database, userId);
  if (!current) throw notFound('User not found');
  if (input.email.toLowerCase() !== current.email.toLowerCase())
    throw badRequest(EMAIL_CHANGE_SEPARATE, { email: EMAIL_CHANGE_SEPARATE });
  const renamed = input.username !== current.username;
  if (renamed) {
    if (!input.currentPassword)
      throw badRequest(PASSWORD_FOR_USERNAME, { currentPassword: PASSWORD_FOR_USERNAME });
    await proveCaller(
      database,
      callerId,
      { currentPassword: input.currentPassword, code: input.code },
      clientAddress,
    );
  }
  const changes = { ...input, email: current.email };
  const refusal = uniqueness(await takenByOthers(database, userId, changes.username, changes.email));
  if (refusal) throw refusal;
  let saved: Awaited<ReturnType<typeof updateProfile>>;
  try {
    saved = await updateProfile(database, userId, changes);
  } catch (err) {
    // Two members racing for one name: the unique index decides, with the same answer.
    if (!isUniqueViolation(err)) throw err;
    throw uniqueness(await takenByOthers(database, userId, changes.username, changes.email)) ?? err;
  }
  if (renamed) await mailer.send(usernameChanged(current.email, current.username, saved.username));
  return saved;
}

export async function changePassword(
  deps: { database: Database; mailer: Mailer },
  caller: { userId: number; sid: string; email: string; username: string },
  input: { currentPassword: string; newPassword: string },
  clientAddress: string,
  log: { error(obj: object, msg: string): void },
) {
  const { database, mailer } = deps;
  await checkOwnPassword(database, caller.userId, input.currentPassword, clientAddress);
  await setPassword(database, caller.userId, await hashPassword(input.newPassword));
  await destroyUserSessions(database, caller.userId, caller.sid);
  await mailer
    .send({
      to: caller.email,
      subject: 'Your Greenroom password was changed',
      text: [
        `Hello ${caller.username},`,
        '',
        'The password of your Greenroom account was just changed, and every other device signed in',
        'to it was signed out.',
        '',
        'If this was not you, reset your password at once with "Forgot your password?" on the sign-in',
        'page, and tell an administrator of your organization.',
      ].join('\n'),
    })
    .catch((err: unknown) => log.error({ err }, 'password change mail failed'));
}

export async function setProfilePicture(database: Database, userId: number, image: Buffer) {
  // A cropped picture is 300 px; twice that keeps an uncropped upload sharp on dense screens.
  const stored = await storeImage(database, image, {
    organizationId: null,
    createdBy: userId,
    maxWidth: PROFILE_PICTURE_CROP.size * 2,
  }).catch((err: unknown) => {
    if (err instanceof AppError && err.statusCode === 413)
      throw new AppError(413, PICTURE_TOO_LARGE.description);
    throw err;
  });
  const previous = await swapProfilePicture(database, userId, stored.url);
  const oldId = fileIdFromUrl(previous);
  if (oldId !== null) await deleteFile(database, oldId);
  return { profilePictureUrl: stored.url };
}

export async function removeProfilePicture(database: Database, userId: number) {
  const previous = await swapProfilePicture(database, userId, null);
  const oldId = fileIdFromUrl(previous);
  if (oldId !== null) await deleteFile(database, oldId);
}
