import type { BridgeRequest, BridgeResponse } from '../../preload/bridge.js';

/**
 * Back-office calls that destroy data or grant privileges (a new API key, webhooks to remote addresses,
 * a reset, a restore) must be confirmed by the person at the machine, in a dialog the main process shows:
 * a compromised page can draw any confirmation of its own, but not this one. Pure rules here; index.ts
 * shows the dialog (dialog.showMessageBox, modal to the window).
 */
export interface Confirmation {
  title: string;
  message: string;
  detail: string;
  /** The label of the button that goes ahead (Cancel is the default). */
  action: string;
}

const MAX_DETAIL = 300;

/**
 * The path as the route table will see it: query dropped, percent-escapes decoded (the router decodes
 * them too, so `/admin/%6Beys` is `/admin/keys`), repeated and trailing slashes folded, lower case. Any
 * spelling that could reach a guarded route is caught; an over-eager match only costs a dialog.
 */
export function canonicalPath(path: string): string {
  let pathname: string;
  try {
    pathname = new URL(path, 'http://127.0.0.1').pathname;
  } catch {
    pathname = path.split('?')[0] ?? path;
  }
  let decoded = pathname;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      break;
    }
  }
  return decoded.replace(/\/+/g, '/').replace(/(.)\/$/, '$1').toLowerCase();
}

function describeBody(body: unknown): string {
  const text = JSON.stringify(body ?? {});
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

/** What to ask before `request` runs, or null when it needs no confirmation. */
export function confirmationFor(request: BridgeRequest): Confirmation | null {
  const path = canonicalPath(request.path);
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
  if (request.method === 'POST' && path === '/api/v1/admin/keys') {
    const scopes = Array.isArray(body.scopes) ? body.scopes.map(String).join(', ') : String(body.scopes ?? '');
    return {
      title: 'Create an API key',
      message: `Create an API key${typeof body.name === 'string' ? ` named "${body.name.slice(0, 80)}"` : ''}?`,
      detail: `Whoever holds the key can call the API with these scopes: ${scopes.slice(0, 200) || '(none given)'}.\nOnly confirm if you asked for this key just now.`,
      action: 'Create key',
    };
  }
  if ((request.method === 'PUT' || request.method === 'PATCH') && path === '/api/v1/admin/settings' && 'webhooksAllowRemote' in body && body.webhooksAllowRemote !== false) {
    return {
      title: 'Allow remote webhooks',
      message: 'Allow webhooks to send events to other machines?',
      detail: 'Order, wallet and shipping events will be sent to any address a webhook names, not only this computer.',
      action: 'Allow',
    };
  }
  if (path.startsWith('/api/v1/admin/data/reset')) {
    return {
      title: 'Reset all data',
      message: 'Erase all orders, wallet entries, packages and shipments and start again from the demo data?',
      detail: 'API keys, webhooks and settings are kept. This cannot be undone (take a backup first).',
      action: 'Reset',
    };
  }
  if (path.startsWith('/api/v1/admin/data/restore')) {
    return {
      title: 'Restore a backup',
      message: 'Replace the current data with a backup?',
      detail: `Everything since that backup is replaced (the data as it is now is backed up first).\n${describeBody(request.body)}`,
      action: 'Restore',
    };
  }
  return null;
}

function refusal(status: number, error: string, message: string): BridgeResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: { statusCode: status, message, error } };
}

/** What the page gets when the person said no: the API's error shape, nothing written. */
export const declinedResponse = (): BridgeResponse => refusal(403, 'Forbidden', 'Declined in the confirmation dialog');
/** A second guarded call while a dialog is open is refused, so a page cannot stack dialogs. */
export const busyResponse = (): BridgeResponse => refusal(409, 'Conflict', 'Another confirmation is already open');

/**
 * One dialog at a time: `check` answers null when the request may go ahead (no confirmation needed, or
 * the person confirmed), otherwise the response to give the page instead.
 */
export class ConfirmationGate {
  private open = false;

  constructor(private readonly ask: (confirmation: Confirmation) => Promise<boolean>) {}

  async check(request: BridgeRequest): Promise<BridgeResponse | null> {
    const confirmation = confirmationFor(request);
    if (!confirmation) return null;
    if (this.open) return busyResponse();
    this.open = true;
    try {
      return (await this.ask(confirmation)) ? null : declinedResponse();
    } catch {
      return declinedResponse();
    } finally {
      this.open = false;
    }
  }
}
