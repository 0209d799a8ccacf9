export function buildCliBundle(outfile?: string): Promise<string>;
export function asAscii(text: string): string;
