/**
 * Cargo vocabularies and how they meet. Products and packages say what the goods are (`general`,
 * `battery`, `sensitive`); channels say what they accept (`general`, `sensitive`: batteries travel as
 * sensitive cargo); the shipping-methods query speaks the contract's words (`normal`, `battery`,
 * `sensitive`). Pure.
 */
import { CHANNEL_CARGO, QUERY_CARGO, type ChannelCargo, type QueryCargo } from '../../../contract/enums.js';

export { CHANNEL_CARGO, QUERY_CARGO, type ChannelCargo, type QueryCargo };

import { GOODS_CARGO, type GoodsCargo } from '../../../contract/enums.js';

export { GOODS_CARGO, type GoodsCargo };

/** The channel capability a query's cargo type needs: normal -> general; battery, sensitive -> sensitive. */
export function channelCargoForQuery(cargo: QueryCargo): ChannelCargo {
  return cargo === 'normal' ? 'general' : 'sensitive';
}

/** The channel capability goods need: general -> general; battery, sensitive -> sensitive. */
export function channelCargoForGoods(cargo: string): ChannelCargo {
  return cargo === 'general' ? 'general' : 'sensitive';
}
