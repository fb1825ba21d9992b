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
