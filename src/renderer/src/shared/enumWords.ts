import { defineMessages, useT } from './i18n';
import type { OrderScenario, ShippingScenario } from '../../../contract/enums';

/**
 * The words a shopper (and the back office: its after-sales panel words scenarios from here too) reads for
 * the API's remaining internal names: scenarios (order and shipping), the seeded warehouse services and the
 * `mixed` platform. Statuses have their own tables (orderStatusLabels.ts,
 * the warehouse's and the wallet's); a value missing here is shown as the service names it (a service the
 * operator added: its catalog name), never as a snake_case id.
 */
export const enumWords = defineMessages(
  {
    scenario_out_of_stock: 'Out of stock',
    scenario_price_increase: 'Price increase',
    scenario_price_decrease: 'Price decrease',
    scenario_domestic_freight: 'Domestic postage',
    scenario_qc_issue: 'Quality issue',
    scenario_seller_delay: 'Seller delay',
    scenario_customs_hold: 'Customs hold',
    scenario_lost_in_transit: 'Lost in transit',
    scenario_customs_seized: 'Seized by customs',
    scenario_overweight: 'Overweight when packed',
    service_photos: 'Extra photos',
    service_reinforce: 'Reinforcement',
    service_vacuum: 'Vacuum packing',
    service_remove_packaging: 'Remove packaging',
    service_moisture_barrier: 'Moisture barrier',
    platform_mixed: 'Several platforms',
  },
  {
    scenario_out_of_stock: '缺货',
    scenario_price_increase: '涨价',
    scenario_price_decrease: '降价',
    scenario_domestic_freight: '国内运费',
    scenario_qc_issue: '质检问题',
    scenario_seller_delay: '卖家延迟',
    scenario_customs_hold: '海关扣留',
    scenario_lost_in_transit: '运输途中丢失',
    scenario_customs_seized: '海关没收',
    scenario_overweight: '打包后超重',
    service_photos: '加拍照片',
    service_reinforce: '加固',
    service_vacuum: '真空压缩',
    service_remove_packaging: '去除包装',
    service_moisture_barrier: '防潮包装',
    platform_mixed: '多个平台',
  },
);

type Key = keyof (typeof enumWords)['en'];
const has = (key: string): key is Key => key in enumWords.en;

/**
 * Words for a scenario and a warehouse service (its catalog name as the fallback). A platform value is
 * worded by shop/PlatformBadge's usePlatformName (the `mixed` word lives here).
 */
export function useEnumWords() {
  const t = useT(enumWords);
  return {
    scenario: (name: OrderScenario | ShippingScenario | string) => (has(`scenario_${name}`) ? t(`scenario_${name}` as Key) : name.replaceAll('_', ' ')),
    service: (serviceId: string, catalogName?: string) => (has(`service_${serviceId}`) ? t(`service_${serviceId}` as Key) : (catalogName ?? serviceId.replaceAll('_', ' '))),
  };
}
