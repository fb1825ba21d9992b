// `npm run test:desktop` decides here whether the real-Electron smoke run can happen on this machine.
// It is opt-in and never part of `npm test`: CI machines have no Electron binary (it cannot be downloaded
// there), and then the run says it is skipped, and why, instead of failing.

/**
 * @param {{ binary: string | null, platform: NodeJS.Platform, display: boolean, xvfbRun: string | null }} machine
 * @returns {{ skip: string } | { wrapper: string[] }}
 */
export function desktopTestPlan(machine) {
  if (!machine.binary) return { skip: 'no Electron binary (node_modules/electron/dist); `npm start` once on a desktop downloads it' };
  if (machine.platform !== 'linux' || machine.display) return { wrapper: [] };
  if (!machine.xvfbRun) return { skip: 'no display and no xvfb-run to make one (apt install xvfb)' };
  return { wrapper: [machine.xvfbRun, '-a'] };
}
