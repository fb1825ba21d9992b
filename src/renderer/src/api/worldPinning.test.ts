import { describe, expect, it } from 'vitest';
import { inWorld, PINNED_INTENTS, type TransportRequest } from './transport';

/** A transport that records the world each call was sent to. */
function recording() {
  const sent: TransportRequest[] = [];
  const transport = async (request: TransportRequest) => {
    sent.push(request);
    return { status: 200, body: null };
  };
  return { sent, transport };
}

describe('inWorld: an intent stays in the world it began in', () => {
  it('sends a retry of the same Idempotency-Key to the first world, not to the world selected since', async () => {
    const { sent, transport } = recording();
    let selected = 'w_doomed_world_1';
    const send = inWorld(transport, () => selected);
    await send({ method: 'POST', path: '/api/v1/open/user/wallet/top-ups', body: { amount: 3 }, idempotencyKey: 'k-1' });
    // The world is lost: the page falls back to the default world; the dialog's retry keeps its key.
    selected = 'default';
    await send({ method: 'POST', path: '/api/v1/open/user/wallet/top-ups', body: { amount: 3 }, idempotencyKey: 'k-1' });
    expect(sent.map((r) => r.world)).toEqual(['w_doomed_world_1', 'w_doomed_world_1']);
  });

  it('sends calls without a key, and new intents, to the world selected at the time of the call', async () => {
    const { sent, transport } = recording();
    let selected = 'w_first_world_01';
    const send = inWorld(transport, () => selected);
    await send({ method: 'GET', path: '/api/v1/open/user/wallet/balance' });
    await send({ method: 'POST', path: '/api/v1/open/cart/items', idempotencyKey: 'a' });
    selected = 'default';
    await send({ method: 'GET', path: '/api/v1/open/user/wallet/balance' });
    await send({ method: 'POST', path: '/api/v1/open/cart/items', idempotencyKey: 'b' });
    await send({ method: 'POST', path: '/api/v1/admin/clock', world: 'w_named_world_1', idempotencyKey: 'a' });
    expect(sent.map((r) => r.world)).toEqual(['w_first_world_01', 'w_first_world_01', 'default', 'default', 'w_named_world_1']);
  });

  it('remembers a bounded number of intents', async () => {
    const { sent, transport } = recording();
    let selected = 'w_one';
    const send = inWorld(transport, () => selected);
    for (let i = 0; i <= PINNED_INTENTS; i += 1) await send({ method: 'POST', path: '/x', idempotencyKey: `k${i}` });
    selected = 'w_two';
    await send({ method: 'POST', path: '/x', idempotencyKey: 'k0' });
    await send({ method: 'POST', path: `/x`, idempotencyKey: `k${PINNED_INTENTS}` });
    expect(sent.slice(-2).map((r) => r.world)).toEqual(['w_two', 'w_one']);
  });
});
