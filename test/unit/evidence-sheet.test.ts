import { buildCertificate, certificateRows } from '../../src/evidence/certificate';
import { writeEvidenceSheet } from '../../src/excel/evidence-sheet';
import { parseEnvelope } from '../../src/core/protocol/schema';
import { validateQuery } from '../../src/core/query';
import { createSandboxEngine, DEMO_CREDENTIALS, KNOWN } from '../../src/sandbox';
import { WorkbookFake } from '../support/workbook-fake';

/**
 * Directly connected, the certificate goes into a protected sheet of its own (issue 28): written as
 * text through the workbook fake, so a name that looks like a formula stays text, and protected.
 */

function certificate(name: string) {
  const engine = createSandboxEngine({});
  const answer = engine.handle({
    method: 'POST',
    path: '/api',
    query: {},
    body: JSON.stringify({ ...DEMO_CREDENTIALS, IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM, name }),
  });
  const checked = validateQuery({ name });
  if (!checked.ok) throw new Error(name);
  return buildCertificate(
    {
      query: checked.query,
      envelope: parseEnvelope(JSON.parse(answer.body)),
      asked: ['peps', 'psanctions'],
      receivedAt: new Date('2026-11-25T10:15:00Z'),
      servedBy: 'sandbox',
      sandbox: true,
      productVersion: '9.9.9',
      analyst: '=HYPERLINK("http://x")',
    },
    'uk',
  );
}

it('writes the certificate into a new protected sheet, every cell as text; a second one gets a sheet of its own', async () => {
  const fake = new WorkbookFake();
  const uninstall = fake.install();
  try {
    const name = await writeEvidenceSheet(certificateRows(certificate(KNOWN.pepSanctioned.name)));
    expect(name).toBe('CheckLists evidence');
    expect(fake.activeSheetName()).toBe(name);
    expect(fake.protection(name)).toMatchObject({ password: null });
    const values = fake.sheetValues(name);
    expect(values[0][0]).toContain('ПІСОЧНИЦЯ');
    expect(values.some((r) => r[0] === 'Хто перевіряв' && r[1] === '=HYPERLINK("http://x")')).toBe(true);
    expect(values.some((r) => r[0] === 'Публічні діячі (ПЕП)' && r[1] === 'ЗБІГИ: 1')).toBe(true);
    expect(fake.formulaCells(name)).toEqual([]);
    expect(await writeEvidenceSheet(certificateRows(certificate('Зовсім Інша Особа')))).toBe('CheckLists evidence (2)');
  } finally {
    uninstall();
  }
});

it('the fake refuses to protect a protected sheet, as Excel does', async () => {
  const fake = new WorkbookFake();
  const context = fake.context();
  const sheet = context.workbook.worksheets.getItem('Sheet1');
  sheet.protection.protect();
  await context.sync();
  sheet.protection.protect();
  await expect(context.sync()).rejects.toMatchObject({ code: 'InvalidOperation' });
});
