import { beforeEach, describe, expect, it } from 'vitest';
import type { BridgeRequest, BridgeResponse } from '../../../preload/bridge';
import { adminClientOver, data, openClientOver } from './client';
import { httpTransport, inWorld, ipcTransport } from './transport';
import { DEFAULT_WORLD, eventStreamPath, persistedWorld, selectedWorld, switcherOrder, useWorldStore, worldHeader } from './worldStore';

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
