import type { Command } from 'commander';
import { clearShipmentException, deliverShippingOrder, dispatchShippingOrder, runShippingScenario } from '../core/shipping/lifecycle.js';
import { packRehearsal } from '../core/shipping/rehearsals.js';
import { isShippingScenario, SHIPPING_SCENARIOS } from '../core/shipping/scenarios.js';
import { completeService } from '../core/warehouse/services.js';
import { withExistingCore } from './with-core.js';

/**
 * `crossbuy admin dispatch|deliver|clear-exception`: the back office moves shipping orders from the shell, through the
 * same core functions as the admin API (one transaction each). Works beside a running server.
 */
type Detail = ReturnType<typeof dispatchShippingOrder>;

function print(detail: Detail, json: boolean | undefined): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(detail)}\n`);
    return;
  }
  const tracking = detail.trackingNo ? ` tracking ${detail.trackingNo}` : '';
  process.stdout.write(`${detail.orderNo} ${detail.status}${tracking} (${detail.channelName}, ${detail.shippingFee} ${detail.currency})\n`);
}

/**
 * A dispatch that weighed the parcel heavier than quoted stops at awaiting_payment: says so, with what is due
 * and how it is paid (the parcel then leaves at once, with a tracking number of its own).
 */
function explainSupplement(detail: Detail, trackingGiven: boolean): void {
  const due = detail.supplements.find((s) => s.status === 'pending');
  if (detail.status !== 'awaiting_payment' || !due) return;
  process.stdout.write(
    `  packed heavier than quoted: a shipping supplement of ${due.amount} ${detail.currency} is due by ${due.expiresAt} (unpaid, the shipment is cancelled). ` +
      'The parcel leaves once the customer pays it ' +
      `(POST /api/v1/open/shipping/orders/${detail.orderNo}/supplements/${due.id}/pay, or Pay on the shipping order's page)` +
      `${trackingGiven ? ', with a tracking number made then: --tracking was not used' : ''}.\n`,
  );
}

export function registerAdminShippingCommands(admin: Command): void {
  admin
    .command('dispatch <shippingOrderNo>')
    .description('hand a pending shipping order to the carrier: tracking number set, held fee captured')
    .option('--tracking <trackingNo>', 'the carrier tracking number (generated when absent)')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the shipping order as JSON')
    .action((orderNo: string, options: { tracking?: string; data?: string; json?: boolean }) => {
      if (options.tracking !== undefined && !/^[A-Za-z0-9-]{1,64}$/.test(options.tracking)) {
        throw new Error('--tracking must be 1 to 64 letters, digits or dashes');
      }
      withExistingCore(options.data, (core) => {
        const detail = dispatchShippingOrder(core.ctx, orderNo, options.tracking);
        print(detail, options.json);
        if (!options.json) explainSupplement(detail, options.tracking !== undefined);
      });
    });
  admin
    .command('deliver <shippingOrderNo>')
    .description('record the delivery of a shipped order (completes purchase orders whose packages are all delivered)')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the shipping order as JSON')
    .action((orderNo: string, options: { data?: string; json?: boolean }) => {
      withExistingCore(options.data, (core) => print(deliverShippingOrder(core.ctx, orderNo), options.json));
    });
  admin
    .command('clear-exception <shippingOrderNo>')
    .description('customs release a held parcel: exception -> shipped')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the shipping order as JSON')
    .action((orderNo: string, options: { data?: string; json?: boolean }) => {
      withExistingCore(options.data, (core) => print(clearShipmentException(core.ctx, orderNo), options.json));
    });
  // v1.1: shipping scenarios, rehearsal packing, warehouse services done.
  admin
    .command('simulate-shipping <shippingOrderNo> <scenario>')
    .description(`make a shipping case happen now: ${SHIPPING_SCENARIOS.join(', ')}`)
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the shipping order as JSON')
    .action((orderNo: string, scenario: string, options: { data?: string; json?: boolean }) => {
      if (!isShippingScenario(scenario)) throw new Error(`unknown scenario "${scenario}"; valid: ${SHIPPING_SCENARIOS.join(', ')}`);
      withExistingCore(options.data, (core) => print(runShippingScenario(core.ctx, orderNo, scenario), options.json));
    });
  admin
    .command('pack <rehearsalId>')
    .description('pack a requested rehearsal: packed weight, dimensions and photos')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the rehearsal as JSON')
    .action((id: string, options: { data?: string; json?: boolean }) => {
      withExistingCore(options.data, (core) => {
        const r = packRehearsal(core.ctx, id);
        process.stdout.write(options.json ? `${JSON.stringify(r)}\n` : `${r.id} packed: ${r.packedWeight} g, ${r.length} x ${r.width} x ${r.height} cm\n`);
      });
    });
  admin
    .command('service-done <requestId>')
    .description('mark a requested warehouse service done (its weight effect applies to the package)')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the request as JSON')
    .action((requestId: string, options: { data?: string; json?: boolean }) => {
      const id = Number(requestId);
      if (!Number.isSafeInteger(id) || id < 1) throw new Error('requestId must be a positive integer');
      withExistingCore(options.data, (core) => {
        const r = completeService(core.ctx, id);
        process.stdout.write(options.json ? `${JSON.stringify(r)}\n` : `service ${r.requestId} (${r.serviceId}) done: package ${r.packageId} now ${r.weight} g\n`);
      });
    });
}
