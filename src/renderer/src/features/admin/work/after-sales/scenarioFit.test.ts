import { describe, expect, it } from 'vitest';
import { CrossbuyError } from '../../../../api/client';
import { failureKind } from './failure';
import { orderScenarioFit, orderScenarioFits, shippingScenarioFit, shippingScenarioFits } from './scenarioFit';

describe('scenarios the back office offers', () => {
  it('offers the four paid-order scenarios on a paid order, each needing its status otherwise', () => {
    const fits = orderScenarioFits({ status: 'paid', scenarios: [] });
    expect(fits.filter((f) => f.fit.ok).map((f) => f.scenario)).toEqual(['out_of_stock', 'price_increase', 'price_decrease', 'domestic_freight']);
    expect(orderScenarioFit('seller_delay', { status: 'paid', scenarios: [] })).toEqual({ ok: false, needs: ['purchased'] });
    expect(orderScenarioFit('qc_issue', { status: 'shipped_to_warehouse', scenarios: [] })).toEqual({ ok: true });
  });

  it('turns off a scenario that already fired on the order, not one only programmed', () => {
    const order = { status: 'paid', scenarios: [{ name: 'price_increase', status: 'fired' }, { name: 'price_decrease', status: 'programmed' }] };
    expect(orderScenarioFit('price_increase', order)).toEqual({ ok: false, fired: true });
    expect(orderScenarioFit('price_decrease', order)).toEqual({ ok: true });
  });

  it('offers no order scenario on an order past its steps', () => {
    expect(orderScenarioFits({ status: 'in_warehouse', scenarios: [] }).some((f) => f.fit.ok)).toBe(false);
  });

  it('holds at customs only a shipped parcel; loses or seizes a shipped or held one; overweight only a pending one', () => {
    expect(shippingScenarioFits('shipped').filter((f) => f.scenario !== 'overweight').every((f) => f.fit.ok)).toBe(true);
    expect(shippingScenarioFit('overweight', 'shipped')).toEqual({ ok: false, needs: ['pending'] });
    expect(shippingScenarioFit('overweight', 'pending')).toEqual({ ok: true });
    expect(shippingScenarioFit('customs_hold', 'exception')).toEqual({ ok: false, needs: ['shipped'] });
    expect(shippingScenarioFit('lost_in_transit', 'exception')).toEqual({ ok: true });
    expect(shippingScenarioFits('pending').filter((f) => f.fit.ok).map((f) => f.scenario)).toEqual(['overweight']);
  });
});

describe('failures worded by the back office', () => {
  it('reads the status code of the answer', () => {
    expect(failureKind(new CrossbuyError(409, 'Scenario x fits an order that is paid'))).toBe('conflict');
    expect(failureKind(new CrossbuyError(402, 'Insufficient balance'))).toBe('shortBalance');
    expect(failureKind(new CrossbuyError(400, 'amount must be ...'))).toBe('invalid');
    expect(failureKind(new CrossbuyError(404, 'Order not found'))).toBe('notFound');
    expect(failureKind(new CrossbuyError(500, 'boom'))).toBe('other');
    expect(failureKind(new Error('network'))).toBe('other');
  });

  it('a scenario that raises a supplement is off while one waits (the service answers 409), the others stay on', () => {
    const order = { status: 'paid', scenarios: [{ name: 'price_increase', status: 'fired' }], supplements: [{ status: 'pending' }] };
    expect(orderScenarioFit('domestic_freight', order)).toEqual({ ok: false, supplementPending: true });
    expect(orderScenarioFit('price_decrease', order)).toEqual({ ok: true });
    expect(orderScenarioFit('domestic_freight', { ...order, supplements: [{ status: 'paid' }] })).toEqual({ ok: true });
  });
});
