import type { Command } from 'commander';
import { advanceOrder, refundOrder, type AdvanceRequest } from '../core/orders/admin.js';
import type { InspectionResult } from '../core/orders/lifecycle.js';
import { isOrderStatus } from '../core/orders/state-machine.js';
import { parseAmount, type Minor } from '../core/shared/money.js';
import { adjustWallet, depositToWallet } from '../core/wallet/admin.js';
import type { WalletEntryResult } from '../../contract/admin/wallet.js';
import { withExistingCore } from './with-core.js';

/**
 * `crossbuy admin deposit|adjust|advance|refund`: the back office on wallets and purchase orders, through
 * the same core functions as the admin API (one transaction each). Works beside a running server.
 */

function amountArg(text: string): Minor {
  const minor = parseAmount(text);
  if (minor === null) throw new Error(`invalid amount "${text}": use a number with at most two decimals, e.g. 100 or 12.50`);
  return minor;
}

function userArg(text: string | undefined): number {
  if (text === undefined) return 1;
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`invalid --user "${text}": use a user id`);
  return id;
}

function printEntry(entry: WalletEntryResult, json: boolean | undefined): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(entry)}\n`);
    return;
  }
  process.stdout.write(
    `${entry.type} ${entry.amount.toFixed(2)} ${entry.currency} for user ${entry.userId}; balance ${entry.balance.toFixed(2)} ${entry.currency}` +
      ` (available ${entry.availableBalance.toFixed(2)})\n`,
  );
}

interface AdvanceFlags {
  to?: string;
  weight?: string;
  result?: string;
  notes?: string;
  photo?: string[];
  carrier?: string;
  tracking?: string;
  marketplaceOrder?: string;
  note?: string;
  data?: string;
  json?: boolean;
}

/** Turns the flags into the same request the admin API takes, refusing malformed values up front. */
export function advanceRequestOf(flags: AdvanceFlags): AdvanceRequest {
  const request: AdvanceRequest = {};
  if (flags.to !== undefined) {
    if (!isOrderStatus(flags.to)) throw new Error(`invalid --to "${flags.to}": use paid, purchased, shipped_to_warehouse or in_warehouse`);
    request.to = flags.to;
  }
  if (flags.note !== undefined) request.note = flags.note;
  if (flags.marketplaceOrder !== undefined) request.marketplaceOrderNo = flags.marketplaceOrder;
  if (flags.carrier !== undefined) request.carrier = flags.carrier;
  if (flags.tracking !== undefined) {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(flags.tracking)) throw new Error('--tracking must be 1 to 64 letters, digits or dashes');
    request.trackingNo = flags.tracking;
  }
  if (flags.weight !== undefined || flags.result !== undefined || flags.notes !== undefined || flags.photo !== undefined) {
    const weight = flags.weight === undefined ? undefined : Number(flags.weight);
    if (weight !== undefined && (!Number.isInteger(weight) || weight < 1 || weight > 1_000_000)) {
      throw new Error(`invalid --weight "${flags.weight}": use whole grams, 1 to 1000000`);
    }
    if (flags.result !== undefined && flags.result !== 'passed' && flags.result !== 'issue_found') {
      throw new Error(`invalid --result "${flags.result}": use passed or issue_found`);
    }
    request.inspection = { weight, result: flags.result as InspectionResult | undefined, notes: flags.notes, photos: flags.photo };
  }
  return request;
}

export function registerAdminOrderCommands(admin: Command): void {
  admin
    .command('deposit <amount>')
    .description('credit a wallet (the operator takes the money in; users never deposit through the open API)')
    .option('--note <text>', 'shown on the wallet transaction')
    .option('--user <id>', 'user id (default 1, the operator\'s account)')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the result as JSON')
    .action((amount: string, options: { note?: string; user?: string; data?: string; json?: boolean }) => {
      const minor = amountArg(amount);
      const userId = userArg(options.user);
      withExistingCore(options.data, (core) => printEntry(depositToWallet(core.ctx, { userId, amount: minor, note: options.note }), options.json));
    });

  admin
    .command('adjust <amount>')
    .description('a signed correction, e.g. `adjust -12.50 --note "..."`; may not take the available balance below zero')
    .requiredOption('--note <text>', 'why (required)')
    .option('--user <id>', 'user id (default 1)')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the result as JSON')
    .action((amount: string, options: { note: string; user?: string; data?: string; json?: boolean }) => {
      const minor = amountArg(amount);
      const userId = userArg(options.user);
      withExistingCore(options.data, (core) => printEntry(adjustWallet(core.ctx, { userId, amount: minor, note: options.note }), options.json));
    });

  admin
    .command('advance <orderNo>')
    .description('move a purchase order to its next status (or through to --to); left-out staff data is generated')
    .option('--to <status>', 'paid, purchased, shipped_to_warehouse or in_warehouse (default: the next one)')
    .option('--marketplace-order <no>', 'the marketplace order number (purchased step)')
    .option('--carrier <name>', 'the seller\'s domestic carrier (shipped_to_warehouse step)')
    .option('--tracking <no>', 'the domestic tracking number (shipped_to_warehouse step)')
    .option('--weight <grams>', 'inspected weight in grams (in_warehouse step)')
    .option('--result <result>', 'inspection result: passed or issue_found (in_warehouse step)')
    .option('--notes <text>', 'inspection notes (in_warehouse step)')
    .option('--photo <url...>', 'inspection photo URLs (in_warehouse step; generated when absent)')
    .option('--note <text>', 'timeline note for the last step')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the order as JSON')
    .action((orderNo: string, flags: AdvanceFlags) => {
      const request = advanceRequestOf(flags);
      withExistingCore(flags.data, (core) => {
        const order = advanceOrder(core.ctx, orderNo, request);
        if (flags.json) process.stdout.write(`${JSON.stringify(order)}\n`);
        else process.stdout.write(`${order.orderNo} ${order.status}: ${order.timeline.at(-1)?.note ?? ''}\n`);
      });
    });

  admin
    .command('refund <orderNo>')
    .description('the item cannot be bought: refund a paid order in full (coupon returned)')
    .option('--reason <text>', 'shown on the order timeline')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the result as JSON')
    .action((orderNo: string, options: { reason?: string; data?: string; json?: boolean }) => {
      withExistingCore(options.data, (core) => {
        const result = refundOrder(core.ctx, orderNo, options.reason);
        process.stdout.write(options.json ? `${JSON.stringify(result)}\n` : `${result.message}\n`);
      });
    });
}
