import { describe, expect, it } from 'vitest';
import {
  cargoTypesOf,
  channelCargoFor,
  channelCarries,
  cheapestCarriable,
  dimensionsOf,
  formatWeight,
  freightRequest,
  freightRows,
  needsSensitiveChannel,
  oneOf,
  pageCount,
  pageFrom,
  parsePackageIds,
  shipHash,
  shippingActions,
  shippingRequest,
  storageAtRisk,
  storageLevel,
  toggleIds,
  totalWeight,
} from './logic';
import { messages } from './messages';
import type { FreightQuote, WarehousePackage } from './types';

function quote(channelId: string, totalPrice: number, extra: Partial<FreightQuote> = {}): FreightQuote {
  return {
    channelId,
    name: channelId,
    actualWeight: 744,
    volumetricWeight: 0,
    chargeWeight: 750,
    totalPrice,
    currency: 'CNY',
    deliveryDays: '7-12',
    carrier: 'Carrier',
    basePrice: totalPrice,
    fuelSurcharge: 0,
    ...extra,
  };
}

const CHANNELS = [
  { channelId: 'economy', supportedCargo: ['general'] },
  { channelId: 'dhl', supportedCargo: ['general'] },
  { channelId: 'sensitive-line', supportedCargo: ['general', 'sensitive'] },
];

describe('storage warning (from the API freeStorageDaysLeft; decisions.md warns from day 80 of 90)', () => {
  const pkg = (freeStorageDaysLeft: number, status: WarehousePackage['status'] = 'in_warehouse') => ({ status, freeStorageDaysLeft });
  it('is quiet with more than ten free days left', () => {
    expect(storageLevel(pkg(90))).toBe('ok');
    expect(storageLevel(pkg(11))).toBe('ok');
  });
  it('warns with ten days or fewer left, the last day included (day 88 of 90 warns)', () => {
    expect(storageLevel(pkg(10))).toBe('warning');
    expect(storageLevel(pkg(2))).toBe('warning');
    expect(storageLevel(pkg(0, 'rehearsing'))).toBe('warning');
  });
  it('is overdue once the free days are used up', () => {
    expect(storageLevel(pkg(-1))).toBe('overdue');
    expect(storageLevel(pkg(-300))).toBe('overdue');
  });
  it('does not apply once the package has left the shelf', () => {
    expect(storageLevel(pkg(-5, 'shipped'))).toBe('none');
    expect(storageLevel(pkg(2, 'packing'))).toBe('none');
    expect(storageLevel(pkg(2, 'disposed'))).toBe('none');
  });
  it('lists the packages at risk, soonest first', () => {
    const list = [{ id: 1, ...pkg(40) }, { id: 2, ...pkg(2) }, { id: 3, ...pkg(-3) }, { id: 4, ...pkg(-9, 'shipped') }];
    expect(storageAtRisk(list).map((p) => p.id)).toEqual([3, 2]);
  });
});

describe('shipment weight and cargo', () => {
  const packages: Pick<WarehousePackage, 'id' | 'weight' | 'cargoType' | 'quantity'>[] = [
    { id: 1, weight: 204, cargoType: 'general', quantity: 2 },
    { id: 2, weight: 540, cargoType: 'battery', quantity: 1 },
    { id: 3, weight: 0, cargoType: 'general', quantity: 1 },
  ];
  it('adds the weights in grams', () => {
    expect(totalWeight(packages)).toBe(744);
    expect(totalWeight([])).toBe(0);
  });
  it('lists each cargo type once, general first', () => {
    expect(cargoTypesOf(packages)).toEqual(['general', 'battery']);
    expect(cargoTypesOf([{ cargoType: 'sensitive' }, { cargoType: 'battery' }, { cargoType: 'general' }])).toEqual(['general', 'battery', 'sensitive']);
  });
  it('maps batteries and sensitive goods to sensitive channels', () => {
    expect(channelCargoFor(['general'])).toEqual(['general']);
    expect(channelCargoFor(['battery'])).toEqual(['sensitive']);
    expect(channelCargoFor(['general', 'sensitive'])).toEqual(['general', 'sensitive']);
    expect(needsSensitiveChannel(['general'])).toBe(false);
    expect(needsSensitiveChannel(['general', 'battery'])).toBe(true);
  });
  it('knows which channels carry the goods', () => {
    expect(channelCarries({ supportedCargo: ['general'] }, ['general'])).toBe(true);
    expect(channelCarries({ supportedCargo: ['general'] }, ['general', 'battery'])).toBe(false);
    expect(channelCarries({ supportedCargo: ['general', 'sensitive'] }, ['general', 'battery'])).toBe(true);
    // A sensitive-only line cannot take general goods with them.
    expect(channelCarries({ supportedCargo: ['sensitive'] }, ['general', 'battery'])).toBe(false);
  });
});

describe('choosing carriable channels', () => {
  const quotes = [quote('economy', 47.25), quote('sensitive-line', 90), quote('dhl', 300)];

  it('keeps the cheapest first when every channel can carry general cargo', () => {
    const rows = freightRows(quotes, CHANNELS, ['general']);
    expect(rows.map((r) => r.quote.channelId)).toEqual(['economy', 'sensitive-line', 'dhl']);
    expect(rows.every((r) => r.carriable)).toBe(true);
    expect(rows.map((r) => r.fee)).toEqual([47.25, 90, 300]);
    expect(cheapestCarriable(rows)?.quote.channelId).toBe('economy');
  });

  it('flags channels without sensitive cargo for batteries and moves them after the usable ones', () => {
    const rows = freightRows(quotes, CHANNELS, ['general', 'battery']);
    expect(rows.map((r) => [r.quote.channelId, r.carriable, r.problem])).toEqual([
      ['sensitive-line', true, null],
      ['economy', false, 'cargo'],
      ['dhl', false, 'cargo'],
    ]);
    expect(cheapestCarriable(rows)?.quote.channelId).toBe('sensitive-line');
  });

  it('trusts an unknown channel with general cargo only', () => {
    const rows = freightRows([quote('mystery', 10)], [], ['sensitive']);
    expect(rows[0]!.carriable).toBe(false);
    expect(freightRows([quote('mystery', 10)], [], ['general'])[0]!.carriable).toBe(true);
  });

  it('sorts by price even when the quotes come unsorted', () => {
    const rows = freightRows([quote('dhl', 300), quote('economy', 47.25)], CHANNELS, ['general']);
    expect(rows.map((r) => r.quote.channelId)).toEqual(['economy', 'dhl']);
  });

  it('with dimensions, bills the weight-only quote and flags channels that cannot take the actual weight', () => {
    const withDims = [quote('economy', 85, { volumetricWeight: 1125, chargeWeight: 1500 }), quote('dhl', 400, { volumetricWeight: 1125, chargeWeight: 1500 })];
    const billed = [quote('economy', 47.25)];
    const rows = freightRows(withDims, CHANNELS, ['general'], billed);
    expect(rows.map((r) => [r.quote.channelId, r.carriable, r.problem, r.fee])).toEqual([
      ['economy', true, null, 47.25],
      ['dhl', false, 'weight', null],
    ]);
  });

  it('with dimensions, sorts by the billed fee, not by the dimensioned price', () => {
    // The dimensioned quotes rank dhl first; billed on weight alone, economy is the cheaper one.
    const withDims = [quote('dhl', 80, { volumetricWeight: 1125 }), quote('economy', 95, { volumetricWeight: 1125 })];
    const billed = [quote('economy', 40), quote('dhl', 60)];
    const rows = freightRows(withDims, CHANNELS, ['general'], billed);
    expect(rows.map((r) => [r.quote.channelId, r.fee, r.billed?.totalPrice])).toEqual([
      ['economy', 40, 40],
      ['dhl', 60, 60],
    ]);
    expect(cheapestCarriable(rows)?.quote.channelId).toBe('economy');
  });

  it('has nothing to preselect when no channel can carry the goods', () => {
    expect(cheapestCarriable(freightRows([quote('economy', 1)], CHANNELS, ['battery']))).toBeNull();
    expect(cheapestCarriable([])).toBeNull();
  });
});

describe('parcel dimensions', () => {
  it('needs all three, positive', () => {
    expect(dimensionsOf({ length: 30, width: 20, height: 15 })).toEqual({ length: 30, width: 20, height: 15 });
    expect(dimensionsOf({ length: '30', width: '20.5', height: '1' })).toEqual({ length: 30, width: 20.5, height: 1 });
    expect(dimensionsOf({ length: 30, width: 20, height: '' })).toBeNull();
    expect(dimensionsOf({ length: 30, width: 0, height: 10 })).toBeNull();
    expect(dimensionsOf({})).toBeNull();
  });
  it('builds the freight request with or without them', () => {
    expect(freightRequest('US', 744, null)).toEqual({ country: 'US', weight: 744 });
    expect(freightRequest('US', 744, { length: 1, width: 2, height: 3 })).toEqual({ country: 'US', weight: 744, length: 1, width: 2, height: 3 });
  });
});

describe('the ship flow URL and request', () => {
  it('reads package ids from ?packages=', () => {
    expect(parsePackageIds('1,2,3')).toEqual([1, 2, 3]);
    expect(parsePackageIds(' 4, 4,x,-1,0,5 ')).toEqual([4, 5]);
    expect(parsePackageIds(null)).toEqual([]);
    expect(shipHash([1, 2])).toBe('#/ship?packages=1,2');
  });
  it('ships every package whole with the address as recipient', () => {
    const address = { name: 'Ada', phone: '+1 555', country: 'US', state: ' ', city: 'NYC', address: '1 Main St', zipCode: '10001' };
    expect(shippingRequest([{ id: 1, quantity: 2 }], 'economy', address, '')).toEqual({
      items: [{ inventoryId: 1, quantity: 2 }],
      logisticsChannelId: 'economy',
      recipientName: 'Ada',
      recipientPhone: '+1 555',
      recipientCountry: 'US',
      recipientCity: 'NYC',
      recipientAddress: '1 Main St',
      recipientZipCode: '10001',
    });
    const withExtras = shippingRequest([{ id: 1, quantity: 2 }], 'economy', { ...address, state: 'NY' }, ' fragile ');
    expect(withExtras.recipientState).toBe('NY');
    expect(withExtras.remark).toBe('fragile');
  });
});

describe('small rules', () => {
  it('allows cancel on pending and confirm on shipped only', () => {
    expect(shippingActions('pending')).toEqual({ cancel: true, confirmDelivery: false });
    expect(shippingActions('shipped')).toEqual({ cancel: false, confirmDelivery: true });
    expect(shippingActions('delivered')).toEqual({ cancel: false, confirmDelivery: false });
    expect(shippingActions('cancelled')).toEqual({ cancel: false, confirmDelivery: false });
  });
  it('formats weights', () => {
    expect(formatWeight(744)).toBe('744 g');
    expect(formatWeight(1500)).toBe('1.50 kg');
    expect(formatWeight(0)).toBe('0 g');
  });
  it('pages and query values', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(pageFrom('3')).toBe(3);
    expect(pageFrom('0')).toBe(1);
    expect(pageFrom('x')).toBe(1);
    expect(pageFrom(null)).toBe(1);
    expect(oneOf('shipped', ['pending', 'shipped'] as const)).toBe('shipped');
    expect(oneOf('lost', ['pending', 'shipped'] as const)).toBeUndefined();
  });
  it('toggles selections in the order chosen', () => {
    expect(toggleIds([3], [1, 3, 2], true)).toEqual([3, 1, 2]);
    expect(toggleIds([3, 1, 2], [1], false)).toEqual([3, 2]);
  });
  it('has every message in Chinese too, none empty', () => {
    const en = Object.keys(messages.en).sort();
    expect(Object.keys(messages['zh-CN']).sort()).toEqual(en);
    for (const key of en) expect(messages['zh-CN'][key as keyof (typeof messages)['en']].trim()).not.toBe('');
  });
});
