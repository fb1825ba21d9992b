import type { Command } from 'commander';
import { deliverShippingOrder, dispatchShippingOrder } from '../core/shipping/lifecycle.js';
import { withCore } from './with-core.js';

/**
 * `crossbuy admin dispatch|deliver`: the back office moves shipping orders from the shell, through the
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
      withCore(options.data, (core) => print(dispatchShippingOrder(core.ctx, orderNo, options.tracking), options.json));
    });
  admin
    .command('deliver <shippingOrderNo>')
    .description('record the delivery of a shipped order (completes purchase orders whose packages are all delivered)')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the shipping order as JSON')
    .action((orderNo: string, options: { data?: string; json?: boolean }) => {
      withCore(options.data, (core) => print(deliverShippingOrder(core.ctx, orderNo), options.json));
    });
}
