import type { Command } from 'commander';
import { withExistingCore } from './with-core.js';
import { registerAdminShippingCommands } from './admin-shipping.js';
import { registerAdminOrderCommands } from './admin-orders.js';
import { registerAdminSimulationCommands } from './admin-simulation.js';

/** The admin API from the shell. Each command opens the data dir, works in one transaction, closes. */
export function registerAdminCommands(program: Command): void {
  const admin = program.command('admin').description('the admin API from the shell: the operator plays the agent\'s staff');
  registerAdminShippingCommands(admin);
  registerAdminOrderCommands(admin);
  registerAdminSimulationCommands(admin);
  admin
    .command('token')
    .description('print the admin API token (for /api/v1/admin)')
    .option('--data <dir>', 'data directory')
    .action((options: { data?: string }) => {
      withExistingCore(options.data, (core) => process.stdout.write(`${core.adminToken}\n`));
    });
}
