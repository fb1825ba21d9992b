import { clearShipmentException, deliverShippingOrder, dispatchShippingOrder, runShippingScenario } from '../../../shipping/lifecycle.js';
import { defineRoute } from '../../route.js';
import { adminShippingSchemas } from '../../../../../contract/admin/shipping.js';

export const adminShippingRoutes = [
  defineRoute({
    method: 'POST',
    url: '/shipping/orders/:id/dispatch',
    scope: null,
    tag: 'Admin',
    summary: 'Dispatch a pending shipping order: tracking number set (generated if absent), fee captured, packages shipped',
    schema: adminShippingSchemas['POST /shipping/orders/:id/dispatch'],
    handler: ({ ctx, params, body }) => dispatchShippingOrder(ctx, params.id, body?.trackingNo),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/orders/:id/deliver',
    scope: null,
    tag: 'Admin',
    summary: 'Record the delivery of a shipped order (as confirm-delivery does for the recipient)',
    schema: adminShippingSchemas['POST /shipping/orders/:id/deliver'],
    handler: ({ ctx, params }) => deliverShippingOrder(ctx, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/orders/:id/clear-exception',
    scope: null,
    tag: 'Admin',
    summary: 'Customs release a held parcel: exception -> shipped (409 unless the order is in exception)',
    schema: adminShippingSchemas['POST /shipping/orders/:id/clear-exception'],
    handler: ({ ctx, params }) => clearShipmentException(ctx, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/:id/simulate',
    scope: null,
    tag: 'Admin',
    summary: 'Make a shipping case happen now: customs_hold (shipped -> exception), lost_in_transit or customs_seized (-> lost, insurance payout); 409 when it does not fit',
    // A payout may follow (lost, seized): a retried request answers as the first did instead of a 409.
    idempotent: true,
    schema: adminShippingSchemas['POST /shipping/:id/simulate'],
    handler: ({ ctx, params, body }) => runShippingScenario(ctx, params.id, body.scenario),
  }),
];
