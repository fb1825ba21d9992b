export { ORDER_STATUSES, type OrderOutcome, type OrderStatus } from '../../../../contract/enums';
export type { OrderDetail, OrderInspection, OrderItem, OrderListItem, OrderLogistics, RefundResult, Supplement } from '../../../../contract/open/orders';
/** Purchase-order shapes of the open API (api-v1.md "Purchase orders", decisions.md "Purchase orders"). */

