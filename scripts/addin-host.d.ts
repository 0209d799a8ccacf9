export const DEV_HOST: string;
export function addinHost(value?: string): string;
export function retargetManifest(xml: string, host: string): string;
