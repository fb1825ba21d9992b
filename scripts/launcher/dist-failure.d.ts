export function distFailure(output: string, logFile: string): string;
