import { beforeEach, describe, expect, it } from 'vitest';
import type { BridgeRequest, BridgeResponse } from '../../../preload/bridge';
import { adminClientOver, data, openClientOver } from './client';
import { httpTransport, inWorld, ipcTransport } from './transport';
import { DEFAULT_WORLD, eventStreamPath, namesWorldGone, persistedWorld, selectedWorld, switcherOrder, useWorldStore, watchingWorld, worldHeader } from './worldStore';

beforeEach(() => useWorldStore.setState({ selected: DEFAULT_WORLD, lost: null }));

describe('the selected world', () => {
  it('starts on the default world and follows select', () => {
    expect(selectedWorld()).toBe(DEFAULT_WORLD);
    useWorldStore.getState().select('w_orders_every');
    expect(selectedWorld()).toBe('w_orders_every');
  });

  it('falls back to the default world, remembering which one was lost, once', () => {
    useWorldStore.getState().select('w_gone_world_01');
    useWorldStore.getState().fallBack();
    expect(useWorldStore.getState()).toMatchObject({ selected: DEFAULT_WORLD, lost: 'w_gone_world_01' });
    // Falling back again from the default world loses nothing more.
    useWorldStore.getState().fallBack();
    expect(useWorldStore.getState().lost).toBe('w_gone_world_01');
    useWorldStore.getState().dismissLost();
    expect(useWorldStore.getState().lost).toBeNull();
    // Selecting a world clears a notice not shown yet.
    useWorldStore.getState().select('w_gone_world_01');
    useWorldStore.getState().fallBack();
    useWorldStore.getState().select('w_other_world_1');
    expect(useWorldStore.getState().lost).toBeNull();
  });

  it('persists the selection only', () => {
    const state = { ...useWorldStore.getState(), selected: 'w_kept_world_1', lost: 'w_x' };
    const persisted = persistedWorld(state);
    expect(persisted).toEqual({ selected: 'w_kept_world_1' });
  });

  it('lists the default world first, then the others in the server\'s order', () => {
    const d = { id: DEFAULT_WORLD, name: 'default' };
    const others = [{ id: 'w_b_world_0001', name: 'b' }, { id: 'w_a_world_0001', name: 'a' }];
    expect(switcherOrder(d, others).map((w) => w.id)).toEqual([DEFAULT_WORLD, 'w_b_world_0001', 'w_a_world_0001']);
    expect(switcherOrder(undefined, others).map((w) => w.id)).toEqual(['w_b_world_0001', 'w_a_world_0001']);
  });

  it('names the world in a header and in the event stream\'s query, never for the default one', () => {
    expect(worldHeader(DEFAULT_WORLD)).toEqual({});
    expect(worldHeader(undefined)).toEqual({});
    expect(worldHeader('w_one_world_01')).toEqual({ 'Crossbuy-World': 'w_one_world_01' });
    expect(eventStreamPath(DEFAULT_WORLD)).toBe('/api/v1/open/events');
    expect(eventStreamPath('w_one_world_01')).toBe('/api/v1/open/events?world=w_one_world_01');
  });
});

describe('calls in the selected world', () => {
  it('carry the world picked at the time of each call, over the bridge and over HTTP', async () => {
    const bridged: BridgeRequest[] = [];
    const bridge = {
      async request(request: BridgeRequest): Promise<BridgeResponse> {
        bridged.push(request);
        return { status: 200, headers: {}, body: { data: {} } };
      },
    };
    const sentHeaders: Record<string, string>[] = [];
    const fetchFake = (async (_path: string, init: RequestInit) => {
      sentHeaders.push(init.headers as Record<string, string>);
      return new Response('{"data":{}}', { status: 200 });
    }) as typeof fetch;
    const ipc = openClientOver(inWorld(ipcTransport(bridge), selectedWorld));
    const http = adminClientOver(inWorld(httpTransport(fetchFake), selectedWorld));

    await data(ipc.GET('/cart'));
    await data(http.GET('/clock'));
    expect(bridged[0]!.headers).toBeUndefined();
    expect(sentHeaders[0]!['Crossbuy-World']).toBeUndefined();

    useWorldStore.getState().select('w_picked_world');
    await data(ipc.POST('/cart/items', { body: { productId: '1', skuId: '1', quantity: 1 } as never, headers: { 'Idempotency-Key': 'k' } }));
    await data(http.GET('/clock'));
    expect(bridged[1]!.headers).toEqual({ 'idempotency-key': 'k', 'crossbuy-world': 'w_picked_world' });
    expect(sentHeaders[1]!['Crossbuy-World']).toBe('w_picked_world');
  });
});

describe('a call answered that its world is gone', () => {
  const gone = (id: string) => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: `World ${id} not found`, code: 'world_not_found' } });

  it('puts the page back on the default world at once when it names the selected world, remembering which', async () => {
    useWorldStore.getState().select('w_deleted_elsewhere');
    const client = adminClientOver(inWorld(watchingWorld(async (request) => gone(request.world!)), selectedWorld));
    await expect(data(client.GET('/clock'))).rejects.toMatchObject({ statusCode: 404 });
    expect(useWorldStore.getState()).toMatchObject({ selected: DEFAULT_WORLD, lost: 'w_deleted_elsewhere' });
  });

  it('changes nothing for another 404 (a world named in a path included), a world no longer selected, or the default world', async () => {
    useWorldStore.getState().select('w_still_there_01');
    const answers = [
      { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Order PO1 not found' } },
      // A world named in a path (the registry's GET /worlds/:id): not the one the page is on, not coded.
      { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'World w_still_there_01 not found' } },
      { status: 409, body: { message: 'World w_still_there_01 not found' } },
    ];
    for (const answer of answers) {
      const transport = inWorld(watchingWorld(async () => answer), selectedWorld);
      expect(await transport({ method: 'GET', path: '/api/v1/admin/clock' })).toBe(answer);
    }
    // A late answer of a world the page has already left.
    await inWorld(watchingWorld(async () => gone('w_left_world_01')), () => 'w_left_world_01')({ method: 'GET', path: '/api/v1/admin/clock' });
    expect(useWorldStore.getState()).toMatchObject({ selected: 'w_still_there_01', lost: null });
    expect(namesWorldGone(gone(DEFAULT_WORLD), DEFAULT_WORLD)).toBe(false);
    expect(namesWorldGone(gone('w_still_there_01'), 'w_still_there_01')).toBe(true);
    expect(namesWorldGone({ status: 404, body: 'World w_still_there_01 not found' }, 'w_still_there_01')).toBe(false);
  });
});
