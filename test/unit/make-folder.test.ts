import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeFolder } from '../../src/relay/make-folder';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'make-folder-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('makeFolder: mkdir -p without Node’s recursive mode', () => {
  it('makes every missing folder on the way, each with the mode asked for, and accepts one that exists', async () => {
    const deep = join(dir, 'a', 'b', 'c');
    await makeFolder(deep, 0o700);
    for (const folder of [join(dir, 'a'), join(dir, 'a', 'b'), deep]) {
      expect(statSync(folder).isDirectory()).toBe(true);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
    }
    await makeFolder(deep, 0o700);
    await makeFolder(`${join(dir, 'a', 'b')}/../b/c/`, 0o700);
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['c']);
  });

  it('refuses a file in the way', async () => {
    writeFileSync(join(dir, 'file'), 'x');
    await expect(makeFolder(join(dir, 'file', 'sub'), 0o700)).rejects.toMatchObject({ code: 'ENOTDIR' });
    await expect(makeFolder(join(dir, 'file'), 0o700)).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it('fails where mkdir answers ENOENT under a parent that exists (/proc), rather than loop for ever', async () => {
    if (process.platform !== 'linux') return;
    await expect(makeFolder('/proc/checklists-make-folder/x', 0o700)).rejects.toMatchObject({ code: 'ENOENT' });
  }, 5_000);

  it('is the only way src makes folders: no mkdir there asks for recursive mode', () => {
    const offences: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/mkdir(Sync)?\([^)]*recursive/.test(readFileSync(path, 'utf8'))) offences.push(path);
      }
    };
    walk(join(__dirname, '..', '..', 'src'));
    expect(offences).toEqual([]);
  });
});
