// Words the server answers with and the verify page recognises, kept in one place.

/** Opening a verification link that a newer one (sent at a sign-in attempt) replaced. */
export const SUPERSEDED_VERIFICATION_LINK =
  'A newer verification link was sent to your email. Please open the link in the most recent email.';
