import { connect } from 'node:net';

/** Whether something accepts a TCP connection there within the timeout: a liveness check that sends nothing. */
export function acceptsConnection(host: string, port: number, timeoutMs = 2_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether any of the service's addresses accepts a connection: reachable without spending a request. */
export async function anyAddressAccepts(addresses: readonly string[]): Promise<boolean> {
  const tries = addresses.map((address) => {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return Promise.resolve(false);
    }
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    return acceptsConnection(url.hostname.replace(/^\[|\]$/g, ''), port);
  });
  return (await Promise.all(tries)).some(Boolean);
}
