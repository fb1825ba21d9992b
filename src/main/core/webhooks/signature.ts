import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures, as Stripe signs them: `Crossbuy-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" with the endpoint's secret>`. The timestamp inside the signed text lets a receiver refuse
 * replays older than its tolerance.
 */
export const SIGNATURE_HEADER = 'crossbuy-signature';
export const DEFAULT_TOLERANCE_S = 300;

export function sign(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${sign(secret, timestamp, body)}`;
}

/** What a receiver does: true when the header is a valid, fresh signature of exactly this body. */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = DEFAULT_TOLERANCE_S,
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1 || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(sign(secret, timestamp, body), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
