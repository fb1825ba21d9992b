import { openCore, type Core } from '../core/index.js';
import { resolveDataDir } from './args.js';

/** Opens the core on a data dir for one CLI command, and always closes it. */
export function withCore<T>(dataFlag: string | undefined, work: (core: Core) => T): T {
  const core = openCore({ dataDir: resolveDataDir(dataFlag) });
  try {
    return work(core);
  } finally {
    core.close();
  }
}

/** The same for a command that awaits (a clock advance in slices, a streaming check). */
export async function withCoreAsync<T>(dataFlag: string | undefined, work: (core: Core) => Promise<T>): Promise<T> {
  const core = openCore({ dataDir: resolveDataDir(dataFlag) });
  try {
    return await work(core);
  } finally {
    core.close();
  }
}
