/**
 * Cargo vocabularies and how they meet. Goods (products, packages) and every cargo parameter of the API
 * say what the goods are (`general`, `battery`, `sensitive`; `normal` is accepted as an alias of
 * `general`, the contract's older word); channels say what they accept (`general`, `sensitive`: batteries
 * travel as sensitive cargo). Pure.
 */
import { CHANNEL_CARGO, QUERY_CARGO, type ChannelCargo, type QueryCargo } from '../../../contract/enums.js';

export { CHANNEL_CARGO, QUERY_CARGO, type ChannelCargo, type QueryCargo };

import { GOODS_CARGO, type GoodsCargo } from '../../../contract/enums.js';

export { GOODS_CARGO, type GoodsCargo };

/** The channel capability a query's cargo type needs: general (or its alias normal) -> general; battery, sensitive -> sensitive. */
export function channelCargoForQuery(cargo: QueryCargo): ChannelCargo {
  return channelCargoForGoods(cargo === 'normal' ? 'general' : cargo);
}

/** The channel capability goods need: general -> general; battery, sensitive -> sensitive. */
export function channelCargoForGoods(cargo: string): ChannelCargo {
  return cargo === 'general' ? 'general' : 'sensitive';
}
