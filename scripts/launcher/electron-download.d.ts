export function progressLine(version: string, progress: { transferred: number; total: number | null }): string;
export function downloadElectron(electronDir: string, out?: NodeJS.WritableStream & { isTTY?: boolean }): Promise<{ ok: true } | { ok: false; error: string }>;
