export function desktopTestPlan(machine: { binary: string | null; platform: NodeJS.Platform; display: boolean; xvfbRun: string | null }): { skip: string } | { wrapper: string[] };
