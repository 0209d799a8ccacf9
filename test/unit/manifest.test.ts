import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata';
import { DEV_HOST, addinHost, retargetManifest } from '../../scripts/addin-host';
import {
  localizeFunctionsMetadata,
  type FunctionTexts,
  type FunctionsMetadataLike,
} from '../../scripts/functions-l10n';
import { checkManifest, pathOnHost } from '../../scripts/manifest-check';
import { COMMANDS } from '../../src/commands/commands';

const ROOT = join(__dirname, '..', '..');
const MANIFEST = readFileSync(join(ROOT, 'manifest.xml'), 'utf8');
const FUNCTIONS_SOURCE = join(ROOT, 'src', 'functions', 'functions.ts');
const UK_TEXTS = JSON.parse(
  readFileSync(join(ROOT, 'src', 'functions', 'metadata.uk-UA.json'), 'utf8'),
) as FunctionTexts;

/** The functions issue #4 asks for, with their parameters in order. */
const EXPECTED_FUNCTIONS: Record<string, string[]> = {
  PEP: ['name', 'date', 'ipn'],
  SANCTIONS: ['name', 'date', 'ipn'],
  SCREEN: ['name', 'date', 'ipn', 'doc', 'registries'],
  REGISTRIES: ['registries'],
  LEVEL: ['name', 'date', 'ipn', 'registries'],
  LOSTDOC: ['doc', 'doctype'],
  LISTDATA: ['registries'],
};

describe('manifest.xml (offline check)', () => {
  const report = checkManifest(MANIFEST, { host: DEV_HOST });

  it('has no problems: every resid resolves, every address is HTTPS on the host, strings have uk-UA overrides', () => {
    expect(report.problems).toEqual([]);
  });

  it('declares the CHECKLISTS namespace and a long-lived shared runtime', () => {
    expect(report.namespace).toBe('CHECKLISTS');
    expect(report.sharedRuntime).toEqual({ resid: 'Taskpane.Url', lifetime: 'long' });
    expect(report.resources.get('Taskpane.Url')?.value).toBe(`${DEV_HOST}/taskpane.html`);
  });

  it('refuses a <TaskpaneId> under the long-lived shared runtime (a second pane or runtime could appear)', () => {
    const withId = MANIFEST.replace(
      '<Action xsi:type="ShowTaskpane">',
      '<Action xsi:type="ShowTaskpane"><TaskpaneId>CheckListsPane</TaskpaneId>',
    );
    expect(withId).not.toBe(MANIFEST);
    expect(checkManifest(withId, { host: DEV_HOST }).problems).toEqual([
      'an <Action> has a <TaskpaneId>, which a long-lived shared runtime must not have',
    ]);
  });

  it('points the uk-UA functions metadata at the localized file the build writes', () => {
    const metadata = report.resources.get('Functions.Metadata.Url');
    expect(metadata?.value).toBe(`${DEV_HOST}/functions.json`);
    expect(metadata?.overrides['uk-UA']).toBe(`${DEV_HOST}/functions.uk-UA.json`);
  });

  it('opens the pane with a ShowTaskpane action on the shared runtime page, not a function', () => {
    expect(report.controlActions).toEqual([
      { control: 'OpenTaskpaneButton', action: 'ShowTaskpane' },
      { control: 'ScreenSelectionButton', action: 'ExecuteFunction' },
    ]);
  });

  it('declares the requirement sets the code uses: ExcelApi 1.7, CustomFunctionsRuntime 1.2, SharedRuntime 1.1', () => {
    expect(report.requirementSets).toEqual({ ExcelApi: '1.7', CustomFunctionsRuntime: '1.2', SharedRuntime: '1.1' });
    const lower = checkManifest(
      MANIFEST.replace('<Set Name="ExcelApi" MinVersion="1.7" />', '<Set Name="ExcelApi" MinVersion="1.3" />'),
      { host: DEV_HOST },
    );
    expect(lower.problems).toContain('the ExcelApi requirement set is declared at 1.3, the code needs 1.7');
    const none = checkManifest(MANIFEST.replace('<Set Name="CustomFunctionsRuntime" MinVersion="1.2" />', ''), {
      host: DEV_HOST,
    });
    expect(none.problems).toContain('the CustomFunctionsRuntime requirement set is not declared');
  });

  it('has a handler in commands.ts for every ribbon button, and a button for each handler', () => {
    expect(report.executeFunctions.sort()).toEqual(Object.keys(COMMANDS).sort());
  });

  it('references icons that exist in assets/ as PNGs of the size they claim', () => {
    const icons = report.urls.map((u) => pathOnHost(u.url, DEV_HOST)).filter((p) => p.startsWith('assets/'));
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of new Set(icons)) {
      const png = readFileSync(join(ROOT, icon));
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      const size = Number(/icon-(\d+)\.png$/.exec(icon)?.[1]);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
    for (const size of [16, 32, 64, 80, 128]) {
      expect(readFileSync(join(ROOT, 'assets', `icon-${size}.png`)).length).toBeGreaterThan(0);
    }
  });

  it('moves every address to the production host, and only then passes for that host', () => {
    const host = addinHost('https://addin.example.org/checklists/');
    expect(host).toBe('https://addin.example.org/checklists');
    const moved = retargetManifest(MANIFEST, host);
    expect(checkManifest(moved, { host }).problems).toEqual([]);
    expect(checkManifest(MANIFEST, { host }).problems.length).toBeGreaterThan(5);
    expect(() => addinHost('http://addin.example.org')).toThrow(/https/);
    expect(addinHost('')).toBe(DEV_HOST);
  });

  describe('catches what would break the add-in', () => {
    const cases: [string, (xml: string) => string, RegExp][] = [
      [
        'an undefined resid',
        (x) => x.replace('resid="ScreenSelection.Tooltip"', 'resid="Nope.Tooltip"'),
        /"Nope.Tooltip", which is not defined/,
      ],
      [
        'a resid of the wrong kind',
        (x) => x.replace('<Label resid="OpenTaskpane.Label" />', '<Label resid="Taskpane.Url" />'),
        /expected ShortStrings/,
      ],
      [
        'a plain-HTTP address',
        (x) => x.replace(`${DEV_HOST}/assets/icon-16.png`, 'http://localhost:3000/assets/icon-16.png'),
        /is not HTTPS/,
      ],
      [
        'an address on another host',
        (x) => x.replace(`${DEV_HOST}/functions.js`, 'https://cdn.example.org/functions.js'),
        /not on the configured host/,
      ],
      [
        'a missing namespace',
        (x) => x.replace(/\s*<Namespace resid="Functions.Namespace" \/>/, ''),
        /namespace is missing/,
      ],
      [
        'another namespace',
        (x) => x.replace('DefaultValue="CHECKLISTS"', 'DefaultValue="CONTOSO"'),
        /namespace is CONTOSO/,
      ],
      ['a short-lived runtime', (x) => x.replace('lifetime="long"', 'lifetime="short"'), /lifetime is not "long"/],
      [
        'no SharedRuntime requirement',
        (x) => x.replace('<Set Name="SharedRuntime" MinVersion="1.1" />', ''),
        /SharedRuntime requirement set/,
      ],
      [
        'functions outside the shared runtime',
        (x) =>
          x.replace(
            /<Page>\s*<SourceLocation resid="Taskpane.Url" \/>/,
            '<Page><SourceLocation resid="Functions.Script.Url" />',
          ),
        /custom functions page/,
      ],
      [
        'a string without uk-UA',
        (x) => x.replace(/<bt:Override Locale="uk-UA" Value="Перевірити виділене" \/>/, ''),
        /"ScreenSelection.Label" has no uk-UA override/,
      ],
      ['broken XML', (x) => x.replace('</bt:Images>', '</bt:Image>'), /not well-formed/],
    ];
    it.each(cases)('%s', (_label, mutate, expected) => {
      const mutated = mutate(MANIFEST);
      expect(mutated).not.toBe(MANIFEST);
      expect(checkManifest(mutated, { host: DEV_HOST }).problems.join('\n')).toMatch(expected);
    });
  });
});

describe('functions.json generated from src/functions/functions.ts', () => {
  let metadata: FunctionsMetadataLike & {
    functions: {
      id: string;
      name: string;
      description?: string;
      parameters: { name: string; description?: string }[];
    }[];
  };
  let associate: { id: string; functionName: string }[];

  beforeAll(async () => {
    const result = await generateCustomFunctionsMetadata(FUNCTIONS_SOURCE, false);
    expect(result.errors).toEqual([]);
    metadata = JSON.parse(result.metadataJson);
    associate = result.associate;
  }, 30_000);

  it('lists exactly the functions of the issue, with their parameters in order', () => {
    const actual = Object.fromEntries(metadata.functions.map((f) => [f.id, f.parameters.map((p) => p.name)]));
    expect(actual).toEqual(EXPECTED_FUNCTIONS);
    for (const f of metadata.functions) expect(f.name).toBe(f.id);
  });

  it('describes every function and every parameter', () => {
    for (const f of metadata.functions) {
      expect(f.description?.length).toBeGreaterThan(20);
      for (const p of f.parameters) expect(p.description?.length).toBeGreaterThan(10);
    }
  });

  it('says where a hit is explained, in the help of the functions that find hits (issue 27)', () => {
    const { metadata: uk } = localizeFunctionsMetadata(metadata, UK_TEXTS);
    for (const id of ['PEP', 'SANCTIONS', 'SCREEN']) {
      expect(metadata.functions.find((f) => f.id === id)?.description).toContain('Why each hit is a hit');
      expect(uk.functions.find((f) => f.id === id)?.description).toContain('Чому кожен збіг є збігом');
    }
  });

  it('associates every id with a function exported from functions.ts', () => {
    // Read from the source rather than imported: the bundle appends `CustomFunctions.associate(id, name)`
    // to this very file, so each name must be a function declared at its top level.
    const source = readFileSync(FUNCTIONS_SOURCE, 'utf8');
    expect(associate.map((a) => a.id).sort()).toEqual(Object.keys(EXPECTED_FUNCTIONS).sort());
    for (const a of associate) {
      expect(source).toMatch(new RegExp(`^export (async )?function ${a.functionName}\\(`, 'm'));
    }
  });

  it('has a complete Ukrainian twin: every function and parameter described in Ukrainian', () => {
    const { metadata: uk, problems } = localizeFunctionsMetadata(metadata, UK_TEXTS);
    expect(problems).toEqual([]);
    uk.functions.forEach((f, i) => {
      const en = metadata.functions[i];
      expect(f.id).toBe(en.id);
      expect(f.description).toMatch(/[А-ЯІЇЄҐа-яіїєґ]/);
      expect(f.description).not.toBe(en.description);
      f.parameters.forEach((p, j) => {
        // The tooltip names each argument in Ukrainian too (no "date:" or "ipn:"), in the same order.
        expect(p.name).toBe(UK_TEXTS.parameterNames[en.parameters[j].name]);
        expect(p.name).toMatch(/^[А-ЯІЇЄҐа-яіїєґ_]+$/);
        expect(p.description).toMatch(/[А-ЯІЇЄҐа-яіїєґ]/);
      });
    });
  });

  it('reports a missing or stray translation', () => {
    const { PEP: _dropped, ...rest } = UK_TEXTS.functions;
    const { doc: _unnamed, ...names } = UK_TEXTS.parameterNames;
    const broken = { parameterNames: names, functions: { ...rest, NOPE: { description: 'x', parameters: {} } } };
    const { problems } = localizeFunctionsMetadata(metadata, broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        'no translation for function PEP',
        'translation for unknown function NOPE',
        'no translated name for parameter doc',
      ]),
    );
  });
});
