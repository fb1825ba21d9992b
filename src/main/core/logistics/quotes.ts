import type { CoreContext } from '../context.js';
import { badRequest, unprocessable } from '../shared/errors.js';
import { toAmount } from '../shared/money.js';
import { channelCargoForQuery, type QueryCargo } from './cargo.js';
import { channelView, listChannels, requireActiveChannel, type Channel } from './channels.js';
import { isKnownCountry } from './countries.js';
import { carryProblem } from './eligibility.js';
import { chargeWeight, computeFreight, type ParcelSize } from './freight.js';
import type { FreightQuote, FreightRequest } from '../../../contract/open/logistics.js';

/** The logistics lookups of the open API: countries, channels, freight quotes. Thin over freight.ts. */

export function listCountries(ctx: CoreContext): { code: string; name: string }[] {
  return ctx.db.prepare('SELECT code, name FROM countries ORDER BY name').all() as { code: string; name: string }[];
}

/** A country code from /logistics/countries (any letter case), upper-cased; 400 naming the field otherwise. */
export function requireCountry(ctx: CoreContext, code: string, field: string): string {
  const upper = code.trim().toUpperCase();
  if (!isKnownCountry(ctx, upper)) throw badRequest(`${field} "${code}" is not a known country code (see /logistics/countries)`);
  return upper;
}

export interface MethodsQuery {
  country?: string;
  weight?: number;
  cargoType?: QueryCargo;
}

/** Active channels matching every filter given: serves the country, holds the weight, carries the cargo. */
export function listShippingMethods(ctx: CoreContext, query: MethodsQuery) {
  const country = query.country === undefined ? undefined : requireCountry(ctx, query.country, 'country');
  const cargo = query.cargoType === undefined ? undefined : [channelCargoForQuery(query.cargoType)];
  return listChannels(ctx)
    .filter((c) => {
      // The weight filter uses the weight the channel would bill (rounded up to its step), like the quotes.
      const charge = query.weight === undefined ? undefined : chargeWeight(query.weight, 0, c.price.stepWeight);
      return carryProblem(c, { country, cargo, chargeWeight: charge }) === null;
    })
    .map(channelView);
}

export type { FreightRequest };
export type { FreightQuote };
/** A channel's quote (minor units inside) and why it cannot carry the parcel, if it cannot. */
export function assessChannel(channel: Channel, request: { country: string; cargo?: readonly ('general' | 'sensitive')[] } & ParcelSize) {
  const freight = computeFreight(channel.price, request);
  const problem = carryProblem(channel, { country: request.country, cargo: request.cargo, chargeWeight: freight.chargeWeight });
  return { freight, problem };
}

export function quoteView(ctx: CoreContext, channel: Channel, freight: ReturnType<typeof computeFreight>): FreightQuote {
  return {
    channelId: channel.channelId,
    name: channel.name,
    actualWeight: freight.actualWeight,
    volumetricWeight: freight.volumetricWeight,
    chargeWeight: freight.chargeWeight,
    totalPrice: toAmount(freight.totalPrice),
    currency: ctx.currency,
    deliveryDays: channel.deliveryDays,
    carrier: channel.carrier,
    basePrice: toAmount(freight.basePrice),
    fuelSurcharge: toAmount(freight.fuelSurcharge),
  };
}

function parcelOf(request: FreightRequest): ParcelSize {
  return { weight: request.weight, length: request.length, width: request.width, height: request.height };
}

/** Every active channel that can carry the parcel to the country, cheapest first (ties: channel order). */
export function quoteBatch(ctx: CoreContext, request: FreightRequest): { channels: FreightQuote[] } {
  const country = requireCountry(ctx, request.country, 'country');
  const cargo = request.cargoType === undefined ? undefined : [channelCargoForQuery(request.cargoType)];
  const quotes = listChannels(ctx)
    .map((channel) => ({ channel, ...assessChannel(channel, { ...parcelOf(request), country, cargo }) }))
    .filter((q) => q.problem === null);
  // listChannels is already in channel order and Array.prototype.sort is stable.
  quotes.sort((a, b) => a.freight.totalPrice - b.freight.totalPrice);
  return { channels: quotes.map((q) => quoteView(ctx, q.channel, q.freight)) };
}

/** One channel's quote: 404 unknown channel, 400 unknown country, 422 when the channel cannot carry it. */
export function quoteChannel(ctx: CoreContext, request: FreightRequest & { channelId: string }): FreightQuote {
  const country = requireCountry(ctx, request.country, 'country');
  const channel = requireActiveChannel(ctx, request.channelId);
  const cargo = request.cargoType === undefined ? undefined : [channelCargoForQuery(request.cargoType)];
  const { freight, problem } = assessChannel(channel, { ...parcelOf(request), country, cargo });
  if (problem) throw unprocessable(problem);
  return quoteView(ctx, channel, freight);
}
