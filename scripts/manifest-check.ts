/**
 * Offline manifest check. Microsoft's validator (npm run validate) needs the internet; this one
 * needs nothing and runs in npm test. It checks what breaks an add-in silently at sideload time:
 * a resid that resolves to nothing or to the wrong kind of resource, an address that is not
 * HTTPS on the configured host, a missing custom-functions namespace or shared runtime, and
 * a user-facing string without its Ukrainian override.
 *
 *   npx tsx scripts/manifest-check.ts [manifest.xml] [--host https://localhost:3000]
 */
import { DEV_HOST, addinHost } from './addin-host';
import { childrenNamed, findAll, localName, parseXml, walk, type XmlElement } from './xml-lite';

export { DEV_HOST };

export interface ManifestCheckOptions {
  /** Every address must be HTTPS and start with this origin (and path prefix, if any). */
  host: string;
  /** Expected custom-functions namespace. */
  namespace?: string;
  /** Locales every user-facing string must be overridden for. */
  locales?: readonly string[];
}

export type ResourceKind = 'Images' | 'Urls' | 'ShortStrings' | 'LongStrings';

export interface ManifestResource {
  id: string;
  kind: ResourceKind;
  value: string;
  overrides: Record<string, string>;
}

export interface ManifestReport {
  problems: string[];
  resources: Map<string, ManifestResource>;
  /** Every absolute address found, with where it was found. */
  urls: { url: string; where: string }[];
  namespace: string | null;
  sharedRuntime: { resid: string; lifetime: string | null } | null;
  /** FunctionName of every ExecuteFunction action: each must be associated in commands.ts. */
  executeFunctions: string[];
  /** Requirement sets declared at the top (<Requirements><Sets>), name -> MinVersion. */
  requirementSets: Record<string, string>;
  /** Each ribbon control with the type of its action. */
  controlActions: { control: string; action: string }[];
}

/**
 * Requirement sets the code needs, at the version it needs them (see the comment in manifest.xml
 * and src/excel/requirements.ts):
 * https://learn.microsoft.com/en-us/office/dev/add-ins/develop/specify-office-hosts-and-api-requirements
 */
export const REQUIRED_SETS: Readonly<Record<string, string>> = {
  ExcelApi: '1.7',
  CustomFunctionsRuntime: '1.2',
  SharedRuntime: '1.1',
};

/** Which kind of resource each resid-bearing element must point at. */
function expectedKind(element: XmlElement, parent: XmlElement | undefined): ResourceKind[] {
  const name = localName(element.name);
  const parentName = parent ? localName(parent.name) : '';
  switch (name) {
    case 'Image':
      return ['Images'];
    case 'SourceLocation':
    case 'FunctionFile':
    case 'Runtime':
    case 'LearnMoreUrl':
      return ['Urls'];
    case 'Description':
      return parentName === 'Supertip' || parentName === 'GetStarted'
        ? ['LongStrings']
        : ['ShortStrings', 'LongStrings'];
    case 'Title':
    case 'Label':
    case 'Namespace':
      return ['ShortStrings'];
    default:
      return ['Images', 'Urls', 'ShortStrings', 'LongStrings'];
  }
}

function describe(element: XmlElement): string {
  const id = element.attributes.id ? `#${element.attributes.id}` : '';
  return `<${element.name}${id}> (line ${element.line})`;
}

export function normaliseHost(host: string): string {
  return host.trim().replace(/\/+$/, '');
}

export function isOnHost(url: string, host: string): boolean {
  const base = normaliseHost(host);
  return url === base || url.startsWith(`${base}/`);
}

export function checkManifest(xml: string, options: ManifestCheckOptions): ManifestReport {
  const host = normaliseHost(options.host);
  const namespaceWanted = options.namespace ?? 'CHECKLISTS';
  const locales = options.locales ?? ['uk-UA'];
  const problems: string[] = [];
  const resources = new Map<string, ManifestResource>();
  const urls: { url: string; where: string }[] = [];

  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    return {
      problems: [`not well-formed XML: ${(error as Error).message}`],
      resources,
      urls,
      namespace: null,
      sharedRuntime: null,
      executeFunctions: [],
      requirementSets: {},
      controlActions: [],
    };
  }
  if (localName(root.name) !== 'OfficeApp') problems.push(`root element is <${root.name}>, expected <OfficeApp>`);

  if (!/^https:\/\//i.test(host)) problems.push(`configured host ${host} is not HTTPS`);

  // Resources: ids unique, kinds known, overrides per locale.
  for (const section of findAll(root, 'Resources')) {
    for (const group of section.children) {
      const kind = localName(group.name) as ResourceKind;
      if (!['Images', 'Urls', 'ShortStrings', 'LongStrings'].includes(kind)) continue;
      for (const item of group.children) {
        const id = item.attributes.id;
        if (!id) {
          problems.push(`${describe(item)} has no id`);
          continue;
        }
        if (id.length > 32) problems.push(`resource id "${id}" is longer than 32 characters`);
        if (resources.has(id)) problems.push(`resource id "${id}" is defined twice`);
        const overrides: Record<string, string> = {};
        for (const o of childrenNamed(item, 'Override')) {
          overrides[o.attributes.Locale ?? ''] = o.attributes.Value ?? '';
        }
        resources.set(id, { id, kind, value: item.attributes.DefaultValue ?? '', overrides });
        if (!item.attributes.DefaultValue) problems.push(`resource "${id}" has no DefaultValue`);
        const limit = kind === 'ShortStrings' ? 125 : kind === 'LongStrings' ? 250 : 2048;
        for (const text of [item.attributes.DefaultValue ?? '', ...Object.values(overrides)]) {
          if (text.length > limit) problems.push(`resource "${id}" has a value longer than ${limit} characters`);
        }
      }
    }
  }

  // Every resid resolves, to the right kind.
  for (const { element, parents } of walk(root)) {
    const resid = element.attributes.resid;
    if (resid === undefined) continue;
    const resource = resources.get(resid);
    if (!resource) {
      problems.push(`${describe(element)} refers to resid "${resid}", which is not defined`);
      continue;
    }
    const kinds = expectedKind(element, parents[parents.length - 1]);
    if (!kinds.includes(resource.kind)) {
      problems.push(`${describe(element)} refers to "${resid}" in ${resource.kind}, expected ${kinds.join(' or ')}`);
    }
  }

  // Every address is HTTPS on the configured host.
  for (const { element } of walk(root)) {
    for (const [attr, value] of Object.entries(element.attributes)) {
      if (attr === 'xmlns' || attr.startsWith('xmlns:')) continue;
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim())) {
        urls.push({ url: value.trim(), where: `${describe(element)} ${attr}` });
      }
    }
    if (localName(element.name) === 'AppDomain' || localName(element.name) === 'SupportUrl') {
      if (element.text) urls.push({ url: element.text, where: describe(element) });
    }
  }
  for (const { url, where } of urls) {
    if (!/^https:\/\//i.test(url)) problems.push(`${where}: ${url} is not HTTPS`);
    else if (!isOnHost(url, host)) problems.push(`${where}: ${url} is not on the configured host ${host}`);
  }

  // Custom functions: namespace declared.
  const cfPoints = findAll(root, 'ExtensionPoint').filter((e) => e.attributes['xsi:type'] === 'CustomFunctions');
  let namespace: string | null = null;
  if (cfPoints.length !== 1) problems.push(`expected one CustomFunctions extension point, found ${cfPoints.length}`);
  const cf = cfPoints[0];
  if (cf) {
    const ns = childrenNamed(cf, 'Namespace')[0];
    namespace = ns?.attributes.resid ? (resources.get(ns.attributes.resid)?.value ?? null) : null;
    if (namespace !== namespaceWanted) {
      problems.push(`custom-functions namespace is ${namespace ?? 'missing'}, expected ${namespaceWanted}`);
    }
    for (const part of ['Script', 'Page', 'Metadata']) {
      if (!childrenNamed(cf, part)[0] || !childrenNamed(childrenNamed(cf, part)[0], 'SourceLocation')[0]) {
        problems.push(`CustomFunctions extension point has no ${part}/SourceLocation`);
      }
    }
  }

  // Requirement sets: every one the code needs, at least at the version it needs.
  const requirementSets: Record<string, string> = {};
  for (const req of childrenNamed(root, 'Requirements')) {
    for (const group of childrenNamed(req, 'Sets')) {
      for (const set of childrenNamed(group, 'Set')) {
        requirementSets[set.attributes.Name ?? ''] =
          set.attributes.MinVersion ?? group.attributes.DefaultMinVersion ?? '1.1';
      }
    }
  }
  for (const [name, version] of Object.entries(REQUIRED_SETS)) {
    const declared = requirementSets[name];
    if (declared === undefined) problems.push(`the ${name} requirement set is not declared`);
    else if (compareVersions(declared, version) < 0) {
      problems.push(`the ${name} requirement set is declared at ${declared}, the code needs ${version}`);
    }
  }

  // Shared runtime: declared, long-lived, and the page every surface uses.
  const runtimes = findAll(root, 'Runtime');
  let sharedRuntime: ManifestReport['sharedRuntime'] = null;
  if (runtimes.length !== 1) problems.push(`expected one <Runtime>, found ${runtimes.length}`);
  else {
    const rt = runtimes[0];
    sharedRuntime = { resid: rt.attributes.resid ?? '', lifetime: rt.attributes.lifetime ?? null };
    if (sharedRuntime.lifetime !== 'long') problems.push('the shared runtime lifetime is not "long"');
    const pageResid = cf
      ? childrenNamed(childrenNamed(cf, 'Page')[0] ?? cf, 'SourceLocation')[0]?.attributes.resid
      : undefined;
    if (cf && pageResid !== sharedRuntime.resid) {
      problems.push(`custom functions page uses "${pageResid ?? ''}", not the shared runtime "${sharedRuntime.resid}"`);
    }
    for (const ff of findAll(root, 'FunctionFile')) {
      if (ff.attributes.resid !== sharedRuntime.resid) {
        problems.push(
          `FunctionFile uses "${ff.attributes.resid ?? ''}", not the shared runtime "${sharedRuntime.resid}"`,
        );
      }
    }
    for (const action of findAll(root, 'Action').filter((a) => a.attributes['xsi:type'] === 'ShowTaskpane')) {
      const loc = childrenNamed(action, 'SourceLocation')[0]?.attributes.resid;
      if (loc !== sharedRuntime.resid) {
        problems.push(`a ShowTaskpane action opens "${loc ?? ''}", not the shared runtime page`);
      }
    }
    // "If the runtime's lifetime is long, none of the descendant <Action> elements should have a
    // <TaskpaneID> child element": otherwise a second pane or runtime can appear
    // (https://learn.microsoft.com/en-us/javascript/api/manifest/runtime, and the shared-runtime how-to).
    for (const action of findAll(root, 'Action')) {
      if (childrenNamed(action, 'TaskpaneId').length > 0 || childrenNamed(action, 'TaskpaneID').length > 0) {
        problems.push('an <Action> has a <TaskpaneId>, which a long-lived shared runtime must not have');
      }
    }
    const rtUrl = resources.get(sharedRuntime.resid);
    const defaultPage = childrenNamed(childrenNamed(root, 'DefaultSettings')[0] ?? root, 'SourceLocation')[0]
      ?.attributes.DefaultValue;
    if (rtUrl && defaultPage !== rtUrl.value) {
      problems.push('DefaultSettings/SourceLocation is not the shared runtime page');
    }
  }

  // Ribbon commands.
  const executeFunctions = findAll(root, 'Action')
    .filter((a) => a.attributes['xsi:type'] === 'ExecuteFunction')
    .map((a) => childrenNamed(a, 'FunctionName')[0]?.text ?? '');
  for (const fn of executeFunctions) {
    if (!/^[A-Za-z_$][\w$]*$/.test(fn)) problems.push(`ExecuteFunction name "${fn}" is not an identifier`);
  }

  // Localisation: default locale, and an override for every user-facing text.
  const defaultLocale = childrenNamed(root, 'DefaultLocale')[0]?.text;
  if (defaultLocale !== 'en-US') problems.push(`DefaultLocale is ${defaultLocale ?? 'missing'}, expected en-US`);
  for (const locale of locales) {
    for (const top of ['DisplayName', 'Description']) {
      const el = childrenNamed(root, top)[0];
      if (!el) problems.push(`<${top}> is missing`);
      else if (!childrenNamed(el, 'Override').some((o) => o.attributes.Locale === locale && o.attributes.Value)) {
        problems.push(`<${top}> has no ${locale} override`);
      }
    }
    const namespaceResid = cf ? childrenNamed(cf, 'Namespace')[0]?.attributes.resid : undefined;
    for (const r of resources.values()) {
      if ((r.kind === 'ShortStrings' || r.kind === 'LongStrings') && r.id !== namespaceResid && !r.overrides[locale]) {
        problems.push(`string "${r.id}" has no ${locale} override`);
      }
    }
    const metadataResid = cf
      ? childrenNamed(childrenNamed(cf, 'Metadata')[0] ?? cf, 'SourceLocation')[0]?.attributes.resid
      : undefined;
    if (metadataResid && !resources.get(metadataResid)?.overrides[locale]) {
      problems.push(`functions metadata has no ${locale} override (localized functions.json)`);
    }
  }

  const controlActions = findAll(root, 'Control').map((c) => ({
    control: c.attributes.id ?? '',
    action: childrenNamed(c, 'Action')[0]?.attributes['xsi:type'] ?? '',
  }));

  return { problems, resources, urls, namespace, sharedRuntime, executeFunctions, requirementSets, controlActions };
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The path of an address on the host ("https://localhost:3000/assets/icon-16.png" -> "assets/icon-16.png"). */
export function pathOnHost(url: string, host: string): string {
  return url.slice(normaliseHost(host).length).replace(/^\/+/, '');
}

async function main(): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const args = process.argv.slice(2);
  const hostAt = args.indexOf('--host');
  const host = hostAt >= 0 ? (args[hostAt + 1] ?? '') : addinHost();
  const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--host') ?? 'manifest.xml';
  const report = checkManifest(readFileSync(file, 'utf8'), { host });
  if (report.problems.length > 0) {
    for (const p of report.problems) console.error(`✗ ${p}`);
    process.exitCode = 1;
    return;
  }
  console.log(
    `✓ ${file}: ${report.resources.size} resources, ${report.urls.length} addresses on ${host}, namespace ${report.namespace}`,
  );
}

if (typeof require !== 'undefined' && require.main === module) void main();
