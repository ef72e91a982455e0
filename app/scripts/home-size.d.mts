// Types of home-size.mjs (a plain module: scripts/size.mjs runs it under node).
export const HOME_BUDGET_BYTES: number;
export function gzipSize(file: string): number;
export function homeInitialJs(out: string): { files: string[]; bytes: number };
