import type { ChannelCargo } from './cargo.js';
import type { Channel } from './channels.js';
import { inWeightRange } from './freight.js';

/**
 * Whether a channel can carry a shipment, and if not, why: the reason a 422 gives. Pure. Checked in the
 * order a person would: where it goes, what it is, how heavy it is.
 */
export interface Shipment {
  country?: string;
  /** The weight the channel bills (freight.ts chargeWeight). */
  chargeWeight?: number;
  /** Every capability the goods need. */
  cargo?: readonly ChannelCargo[];
}

export function carryProblem(channel: Channel, shipment: Shipment): string | null {
  const { country, chargeWeight, cargo } = shipment;
  if (country !== undefined && !channel.countries.includes(country)) {
    return `Channel ${channel.channelId} does not ship to ${country}`;
  }
  const missing = cargo?.find((c) => !channel.supportedCargo.includes(c));
  if (missing !== undefined) {
    return `Channel ${channel.channelId} does not carry ${missing} cargo (it carries: ${channel.supportedCargo.join(', ')})`;
  }
  if (chargeWeight !== undefined && !inWeightRange(channel.weightRange, chargeWeight)) {
    return `Channel ${channel.channelId} carries ${channel.weightRange.min} to ${channel.weightRange.max} g; the charge weight is ${chargeWeight} g`;
  }
  return null;
}
