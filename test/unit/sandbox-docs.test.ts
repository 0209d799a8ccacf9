import fs from 'node:fs';
import path from 'node:path';
import { DEMO_CREDENTIALS, KNOWN_EXPECTATIONS, SANDBOX_ACCOUNTS } from '../../src/sandbox';

const doc = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'sandbox.md'), 'utf8');

describe('docs/sandbox.md', () => {
  it.each(KNOWN_EXPECTATIONS.map((k) => [k.title, k] as const))(
    'documents "%s" with its exact inputs and hits',
    (title, k) => {
      const row = doc.split('\n').find((line) => line.startsWith(`| ${title} |`));
      expect(row).toBeDefined();
      for (const [field, value] of Object.entries(k.query)) expect(row).toContain(`${field}=\`${String(value)}\``);
      for (const hit of k.hits) {
        expect(row).toContain(hit.registry);
        if (hit.percent !== undefined) expect(row).toContain(`${hit.percent}%`);
        if (hit.level !== undefined) expect(row).toContain(hit.level);
      }
    },
  );

  it('lists every sandbox account', () => {
    for (const account of SANDBOX_ACCOUNTS) {
      expect(doc).toContain(`| \`${account.tokken}\` | \`${account.idSubjectFM}\` |`);
    }
    expect(SANDBOX_ACCOUNTS[0]).toMatchObject({
      tokken: DEMO_CREDENTIALS.tokken,
      idSubjectFM: DEMO_CREDENTIALS.idSubjectFM,
    });
  });
});
