import type { Command } from 'commander';
import { advanceClockInSlices, currentPace, runDueSteps } from '../core/autopilot/autopilot.js';
import { isPace, PACES } from '../core/autopilot/pace.js';
import { writeSetting } from '../core/settings/settings.js';
import { parseDuration } from '../core/shared/clock.js';
import { ServiceClock } from '../core/shared/service-clock.js';
import { plural } from './args.js';
import { ProgressLine } from './progress.js';
import { withExistingCore, withExistingCoreAsync } from './with-core.js';

/**
 * `crossbuy admin clock show|advance` and `crossbuy admin autopilot [pace]`: the simulation controls,
 * through the same core functions as the admin API. Advancing from the CLI runs the due steps here; a
 * server on the same data folder sees the moved clock at once (the offset lives in the database).
 */
export function registerAdminSimulationCommands(admin: Command): void {
  const clock = admin.command('clock').description('the service clock');
  clock
    .command('show')
    .description('print the service time')
    .option('--data <dir>', 'data directory')
    .action((flags: { data?: string }) => {
      withExistingCore(flags.data, (core) => process.stdout.write(`${core.ctx.nowIso()}\n`));
    });
  clock
    .command('advance <duration>')
    .description('move the clock forward (90s, 45m, 12h, 3d, 2w), running every autopilot step due on the way')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print JSON')
    .option('--quiet', 'no progress lines')
    .action(async (duration: string, flags: { data?: string; json?: boolean; quiet?: boolean }) => {
      const ms = parseDuration(duration);
      if (ms === null || ms <= 0) throw new Error(`invalid duration "${duration}": use e.g. 90s, 45m, 12h, 3d, 2w`);
      await withExistingCoreAsync(flags.data, async (core) => {
        const clock = core.ctx.clock;
        if (!(clock instanceof ServiceClock)) throw new Error('this data folder has no service clock');
        const progress = new ProgressLine(process.stderr, !flags.quiet && !flags.json);
        const { finished: _finished, ...result } = await advanceClockInSlices(core.ctx, clock, ms, {
          // No requests to serve in this process: longer slices, fewer commits (each an fsync). A server on
          // the same folder waits at most this long for the write lock.
          sliceMs: 25,
          onProgress: ({ steps, at }) => progress.update(`${plural(steps, 'step')} run, service time ${at}`),
        });
        progress.done();
        process.stdout.write(flags.json ? `${JSON.stringify(result)}\n` : `clock ${result.from} -> ${result.to}; ${plural(result.steps, 'autopilot step')} run\n`);
      });
    });

  admin
    .command('autopilot [pace]')
    .description(`show or set the autopilot pace (${PACES.join(', ')}); "run" runs the steps due now`)
    .option('--data <dir>', 'data directory')
    .action((pace: string | undefined, flags: { data?: string }) => {
      withExistingCore(flags.data, (core) => {
        if (pace === undefined) {
          process.stdout.write(`${currentPace(core.ctx)}\n`);
          return;
        }
        if (pace === 'run') {
          process.stdout.write(`${plural(runDueSteps(core.ctx, core.ctx.clock.now()), 'step')} run\n`);
          return;
        }
        if (!isPace(pace)) throw new Error(`invalid pace "${pace}": use ${PACES.join(', ')}`);
        core.ctx.db.transaction(() => writeSetting(core.ctx.db, 'autopilotPace', pace)).immediate();
        process.stdout.write(`autopilot pace: ${pace}\n`);
      });
    });
}
