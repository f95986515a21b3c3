// TOTP (RFC 6238) through otplib, with the choices authenticator apps expect: SHA-1, 6 digits,
// 30-second steps. One step either side is accepted for clock drift; a code is never accepted
// for a step at or before the last one used (a replayed code, even within its 30 seconds).
import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { VerifyResult } from '@otplib/totp';

export const PERIOD_SECONDS = 30;

/** Now, in Unix seconds; read from Date so tests can fix the clock. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

export function newSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUrl(secret: string, account: string, issuer: string): string {
  return generateURI({ issuer, label: account, secret });
}

/** The time step the code was accepted for, or null (wrong, or not after `afterTimeStep`). */
export async function checkCode(
  secret: string,
  code: string,
  afterTimeStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = (await verify({
      secret,
      token: code,
      epoch: nowSeconds(),
      epochTolerance: PERIOD_SECONDS,
      ...(afterTimeStep === null ? {} : { afterTimeStep }),
    })) as VerifyResult;
    return result.valid ? result.timeStep : null;
  } catch {
    return null;
  }
}

// Recovery codes: about 50 random bits each, written as two groups of five base-32 characters.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What is stored and compared: typed case and dashes do not matter. */
export function recoveryCodeHash(code: string): string {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(`recovery:${normal}`).digest('hex');
}

export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());
