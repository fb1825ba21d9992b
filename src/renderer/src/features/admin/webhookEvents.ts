/** '*' in an endpoint's events means every event type, now and later. */
export const ALL_EVENTS = '*';

/**
 * A multi-select change: picking "all events" replaces the others; picking a single type while "all"
 * is on switches to just that type.
 */
export function nextEventSelection(previous: readonly string[], next: readonly string[]): string[] {
  const hadAll = previous.includes(ALL_EVENTS);
  const hasAll = next.includes(ALL_EVENTS);
  if (hasAll && !hadAll) return [ALL_EVENTS];
  if (hasAll && hadAll && next.length > 1) return next.filter((e) => e !== ALL_EVENTS);
  return [...next];
}

/** Masks a signing secret, keeping a recognisable prefix: "whsec_••••••••". */
export function maskSecret(secret: string): string {
  const underscore = secret.indexOf('_');
  const prefix = underscore >= 0 && underscore < 8 ? secret.slice(0, underscore + 1) : '';
  return `${prefix}${'•'.repeat(12)}`;
}
