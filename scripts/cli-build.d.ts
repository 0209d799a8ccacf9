import type { BuildOptions } from 'esbuild';

export function buildCliBundle(outfile?: string): Promise<string>;
export function asAscii(text: string): string;
export const BUNDLE_OPTIONS: BuildOptions;
