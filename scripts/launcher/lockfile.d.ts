export const PREBUILT_ONLY: readonly string[];
export function withPrebuiltOnly(text: string): string | null;
export function keepPrebuiltOnly(path: string): boolean;
