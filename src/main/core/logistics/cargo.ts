/**
 * Cargo vocabularies and how they meet. Products and packages say what the goods are (`general`,
 * `battery`, `sensitive`); channels say what they accept (`general`, `sensitive`: batteries travel as
 * sensitive cargo); the shipping-methods query speaks the contract's words (`normal`, `battery`,
 * `sensitive`). Pure.
 */
export const CHANNEL_CARGO = ['general', 'sensitive'] as const;
export type ChannelCargo = (typeof CHANNEL_CARGO)[number];

export const QUERY_CARGO = ['normal', 'battery', 'sensitive'] as const;
export type QueryCargo = (typeof QUERY_CARGO)[number];

export const GOODS_CARGO = ['general', 'battery', 'sensitive'] as const;
export type GoodsCargo = (typeof GOODS_CARGO)[number];

/** The channel capability a query's cargo type needs: normal -> general; battery, sensitive -> sensitive. */
export function channelCargoForQuery(cargo: QueryCargo): ChannelCargo {
  return cargo === 'normal' ? 'general' : 'sensitive';
}

/** The channel capability goods need: general -> general; battery, sensitive -> sensitive. */
export function channelCargoForGoods(cargo: string): ChannelCargo {
  return cargo === 'general' ? 'general' : 'sensitive';
}
