// A member's own account: the limits and messages the account screens show without loading any
// schema (schemas/account.ts builds the server's and the forms' schemas on them).

export const BIO_MAX = 500;

export const USERNAME_TAKEN = 'This username is already taken';

export const EMAIL_TAKEN = 'This email address is already in use';

// What signs in to an account (its username, its e-mail) changes only with the current password,
// and the two-step code when two-step sign-in is on; a new e-mail only once its link is followed.
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const PASSWORD_FOR_USERNAME = 'Enter your current password to change your username';
export const EMAIL_CHANGE_SEPARATE = 'Use Change email to change your email address';
export const CODE_REQUIRED = 'Please enter the code from your authenticator app';
export const SAME_EMAIL = 'This is already your email address';
export const EMAIL_CHANGE_TTL_HOURS = 24;

// Profile picture: checked in the browser before the crop dialog opens and
// again by the server, by content.
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

export const PICTURE_TOO_LARGE = {
  title: 'File too large',
  description: 'Profile picture must be smaller than 5MB.',
};

export const PICTURE_WRONG_TYPE = {
  title: 'Invalid file type',
  description: 'Please upload an image file (JPG, PNG, GIF, WebP).',
};

export const PROFILE_PICTURE_CROP = { size: 300, maxScale: 3, step: 0.05, quality: 0.9 };
