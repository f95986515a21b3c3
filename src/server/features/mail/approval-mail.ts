// The "you are approved" mail, for an organization's owner and for a member alike: what was
// approved, and where to sign in (the organization's own address, from configuration).

export function approvalMail(what: string, address: string, next: string) {
  return {
    subject: `${what.charAt(0).toUpperCase()}${what.slice(1)} is approved`,
    text: `Good news: ${what} has been approved. Sign in at ${address}/login to ${next}.`,
  };
}
