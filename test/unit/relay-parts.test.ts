import { errorFields } from '../../src/relay/log-fields';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnvelope } from '../../src/core/protocol/schema';
import { DEFAULT_SETTINGS, serviceMode } from '../../src/core/settings/settings';
import { formFromSettings, validateSettingsForm } from '../../src/taskpane/settings/settings-form';
import { auditCsv } from '../../src/relay/audit-export';
import { envelopeToWire } from '../../src/relay/envelope-wire';
import { parseKey } from '../../src/relay/keys';
import { rewriteManifest } from '../../src/relay/static-files';
import type { StoredAuditRow } from '../../src/relay/store/port';
import { createSandboxEngine, DEMO_CREDENTIALS, KNOWN } from '../../src/sandbox';

describe('relay parts', () => {
  it('rewrites every address of the built manifest to the public origin', () => {
    const xml = readFileSync(join(__dirname, '..', '..', 'manifest.xml'), 'utf8');
    const out = rewriteManifest(xml, 'https://relay.bank.example');
    expect(out).not.toContain('https://localhost:3000');
    expect(out.match(/https:\/\/relay\.bank\.example\//g)?.length).toBe(
      xml.match(/https:\/\/localhost:3000\//g)?.length,
    );
  });

  it('writes audit CSV with a header and neutralises text a spreadsheet would run', () => {
    const row: StoredAuditRow = {
      id: 1,
      state: 'answered',
      at: new Date('2026-01-02T03:04:05Z'),
      analyst: '=HYPERLINK("x")',
      method: 'POST',
      query: { name: '+380 "quoted"' },
      listdata: '-1',
      servedBy: 'https://a:9443',
      idrequest: '7',
      verdict: 'clear',
      hits: { peps: 0 },
      durationMs: 12,
      fromCache: false,
      errorCode: null,
      status: 200,
      instance: 'r1',
      archiveId: 41,
      delivered: false,
    };
    const lines = auditCsv([row]).trimEnd().split('\r\n');
    // The BOM first: Excel then opens the file as UTF-8, and a Cyrillic name reads as written.
    expect(lines[0]).toBe(
      '\uFEFFid,at,analyst,method,query,listdata,served_by,idrequest,verdict,hits,duration_ms,from_cache,error_code,status,instance,state,archive_id,delivered',
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('2026-01-02T03:04:05.000Z');
  });

  it('gives back a sandbox envelope in wire form that reads the same', () => {
    const engine = createSandboxEngine({});
    const answer = engine.handle({
      method: 'POST',
      path: '/api',
      query: {},
      body: JSON.stringify({
        ...DEMO_CREDENTIALS,
        IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM,
        name: KNOWN.pepSanctioned.name,
      }),
    });
    const parsed = parseEnvelope(JSON.parse(answer.body));
    const again = parseEnvelope(envelopeToWire(parsed));
    expect(again.registries).toEqual(parsed.registries);
    expect(again.header).toEqual(parsed.header);
    expect(again.problems).toEqual([]);
  });

  it('reads only well-formed analyst keys', () => {
    expect(parseKey(`ckr_abcdefABCDEF_${'a_-'.repeat(15)}`)).toEqual({
      keyId: 'abcdefABCDEF',
      secret: 'a_-'.repeat(15),
    });
    for (const bad of ['', 'demo-tokken', 'ckr_short_x', `ckr_abcdefABCDEF_${'a'.repeat(20)}`]) {
      expect(parseKey(bad)).toBeNull();
    }
  });
});

describe('the Relay connection in settings', () => {
  it('needs the relay address and the analyst key, never IDsubjectFM or reserves, and counts as live', () => {
    const form = {
      ...formFromSettings(DEFAULT_SETTINGS),
      connection: 'relay' as const,
      primaryUrl: 'https://relay.bank.example',
      tokkenDraft: 'ckr_abcdefABCDEF_' + 'k'.repeat(43),
    };
    form.reserveUrls = ['https://ignored.example', '', ''];
    const checked = validateSettingsForm(form, false, 'auto');
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.settings).toEqual(
      expect.objectContaining({
        connection: 'relay',
        primaryUrl: 'https://relay.bank.example',
        idSubjectFM: '',
        reserveUrls: [],
      }),
    );
    expect(serviceMode(checked.settings, checked.tokken)).toBe('live');
    // Direct, the same form still needs IDsubjectFM.
    const direct = validateSettingsForm({ ...form, connection: 'direct' }, false, 'auto');
    expect(direct.ok).toBe(false);
    if (!direct.ok) expect(Object.keys(direct.errors)).toContain('idSubjectFM');
  });
});

describe('errorFields (log lines for IT)', () => {
  it('names the error and its first line, with the driver code, and never more than a line', () => {
    const pg = Object.assign(new Error('password authentication failed for user "relay"\n  at stack'), {
      code: '28P01',
    });
    expect(errorFields(pg)).toEqual({
      error: 'Error: password authentication failed for user "relay"',
      errorCode: '28P01',
    });
    expect(errorFields('x'.repeat(1000)).error).toHaveLength('Error: '.length + 300);
    expect(errorFields(null)).toEqual({ error: 'Error: null' });
    const refused = Object.assign(new TypeError('fetch failed'), { code: 'ECONNREFUSED' });
    expect(errorFields(refused)).toEqual({ error: 'TypeError: fetch failed', errorCode: 'ECONNREFUSED' });
  });
});
