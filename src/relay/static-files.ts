import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

/** The built add-in (dist/) as files, and its manifest rewritten for the relay's public address. */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  body: Buffer;
  type: string;
}

/**
 * Files dist/ holds that are not the add-in: the command line's bundle and its V8 code cache
 * (scripts/cli-build.js writes them there) and source maps. They would show anyone the program's
 * inner workings; the add-in never asks for them.
 */
const NOT_SERVED = /(^|[/\\])cli[^/\\]*\.(c?js|v8cache)$|\.map$|\.v8cache$/i;

function inside(root: string, file: string): boolean {
  return file === root || file.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** A file under `root` for a URL path, or null; never a path outside root, never a dotfile. */
export async function readStatic(root: string, pathname: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  if (relative.split(/[/\\]/).some((part) => part.startsWith('.'))) return null;
  if (NOT_SERVED.test(relative)) return null;
  const file = join(root, relative);
  if (!inside(root, file)) return null;
  try {
    // A symbolic link inside dist/ may point anywhere: judge where the file really is.
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
    if (!inside(realRoot, realFile)) return null;
    const info = await stat(realFile);
    if (!info.isFile()) return null;
    return { body: await readFile(realFile), type: TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}

/**
 * The manifest with every address of the host it was built for replaced by the relay's public
 * origin: one file an administrator uploads for central deployment.
 */
export function rewriteManifest(xml: string, publicOrigin: string): string {
  const source = /<SourceLocation\s+DefaultValue="(https?:\/\/[^/"]+)/i.exec(xml);
  if (!source) return xml;
  const built = source[1];
  const escaped = publicOrigin.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return xml.split(built).join(escaped);
}
