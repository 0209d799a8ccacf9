import { certificateAnalyst } from '../output/certificate-analyst';
import { resolve } from 'node:path';
import type { SearchResult } from '../../core/request/client';
import { InvalidInputError } from '../../core/protocol/errors';
import type { Lang } from '../../core/text/i18n';
import { ALL_LISTS, registriesOf } from '../../core/protocol/listdata';
import { validateQuery, type QueryInput, type SearchQuery } from '../../core/query';
import { failsCheckDigit } from '../../core/query/check-digits';
import { registryDef, type RegistryKey } from '../../core/protocol/registries';
import {
  levelText,
  registryErrorText,
  summarize,
  verdictText,
  type EnvelopeSummary,
  type RegistrySummary,
} from '../../core/answer/summary';
import { hitLine } from '../../bulk/hits';
import { EXPLANATION_RULES_VERSION, explainHit, whyLine } from '../../core/answer/explain';
import {
  decidedByHit,
  decisionNoteText,
  hitKey,
  mutedIn,
  relayDecisionsOf,
  utcMinute,
} from '../../core/answer/relay-decisions';
import { relayCachedAt } from '../../core/answer/relay-cached';
import { recordOf } from '../../core/answer/record-identity';
import { detailsWithStanding } from '../../core/answer/registry-lists';
import type { ParsedEnvelope } from '../../core/protocol/schema';
import { answeredBy, connect, type Connection } from '../../shared-runtime/connection';
import { relaySandboxOf } from '../../core/answer/relay-sandbox';
import { nodeHttpTransport } from '../transport/http-transport';
import type { SearchArgs } from '../args/command-line';
import { runOptionsFrom } from '../../core/request/run-options';
import type { CliConfig } from '../config';
import { EXIT, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { toJson } from '../output/json';
import { cliMessages } from '../messages';
import { assertFolderWritable } from '../output/output-paths';
import { plain, renderTable, truncate } from '../output/terminal';
import { mixedScriptWords } from '../../core/query/look-alikes';
import { initialWords } from '../../core/query/initials';
import { quotedList } from '../../core/text/quotes';
import { historyCommand } from './history-command';

const HITS_SHOWN = 5;

/**
 * Command-line values win over the config file's defaults; core does all checking: the shared
 * run options (registries, search, lowranklimit) by runOptionsFrom, the subject by validateQuery.
 */
export function searchQuery(args: SearchArgs, config: CliConfig): SearchQuery {
  const { settings } = config.loaded;
  const options = runOptionsFrom(
    settings,
    { registries: args.registries, search: args.search, lowranklimit: args.lowranklimit },
    config.addressPolicy,
  );
  const input: QueryInput = {
    name: args.name,
    namelat: args.namelat,
    date: args.date,
    ipn: args.ipn,
    doc: args.doc,
    doctype: args.doctype,
    ...(options.ok
      ? {
          search: options.options.search,
          lowranklimit: options.options.lowranklimit,
          listdata: options.options.listdata,
          IDuserPC: options.options.idUserPC,
        }
      : {}),
  };
  const validation = validateQuery(input);
  // Every problem at once, the options' first: they are the same for every search of a script.
  const errors = [...(options.ok ? [] : options.errors), ...(validation.ok ? [] : validation.errors)];
  if (errors.length > 0 || !validation.ok) throw new InvalidInputError(errors);
  return validation.query;
}

function statusText(r: RegistrySummary, lang: Lang): string {
  if (r.status === 'error' && r.error) return registryErrorText(r.error, lang);
  return cliMessages.t(lang, `search.status.${r.status}`);
}

function percentText(p: number | null): string {
  return p === null ? '' : String(Math.round(p * 10) / 10);
}

export function renderSummary(
  result: SearchResult,
  summary: EnvelopeSummary,
  connection: Connection,
  lang: Lang,
  query: SearchQuery,
): string {
  const t = (key: Parameters<typeof cliMessages.t>[1], params?: Record<string, string | number>) =>
    cliMessages.t(lang, key, params);
  const lines: string[] = [];
  const service = answeredBy(connection, relaySandboxOf(result.envelope));
  if (service.fictional) lines.push(`*** ${service.label[lang]} ***`);
  // The relay's shared cache answered: the answer is as old as the request that paid for it.
  const keptAt = relayCachedAt(result.envelope);
  lines.push(
    t('search.servedBy', { address: result.servedBy, method: result.method, ms: Math.round(result.durationMs) }),
    ...(summary.idrequest
      ? [t('search.requestId', { id: plain(summary.idrequest), date: plain(summary.dateResponse ?? '') })]
      : []),
    ...(keptAt !== null ? [t('search.relayKept', { time: utcMinute(new Date(keptAt).toISOString()) })] : []),
    t('search.verdict', {
      verdict: verdictText(summary.verdict, lang),
      hits: summary.totalHits,
      best: summary.bestPercent === null ? '—' : `${percentText(summary.bestPercent)}%`,
    }),
    '',
  );
  const decided = relayDecisionsOf(result.envelope);
  // A registry whose only hits the accept list muted reads 0 in the table: its status says so.
  const muted = (key: RegistryKey) => mutedIn(decided, key).length;
  lines.push(
    renderTable(
      [
        { header: t('search.col.registry'), max: 40 },
        { header: t('search.col.hits'), align: 'right' },
        { header: t('search.col.best'), align: 'right' },
        { header: t('search.col.level') },
        { header: t('search.col.status'), max: 70 },
      ],
      summary.registries.map((r) => [
        registryDef(r.key).label[lang],
        String(r.hits),
        percentText(r.bestPercent),
        // A registry that gives no level (company changes, licences) has hits all the same.
        r.hits > 0 ? (r.bestLevel ? levelText(r.bestLevel, lang) : '—') : '',
        muted(r.key) > 0
          ? `${statusText(r, lang)}; ${t('search.status.muted', { count: muted(r.key) })}`
          : statusText(r, lang),
      ]),
    ),
  );

  const withHits = summary.registries.filter((r) => r.hits > 0);
  const onRecord = decidedByHit(decided);
  for (const r of withHits) {
    const outcome = result.envelope.registries[r.key];
    const items = outcome && outcome.status !== 'error' ? (outcome.items as readonly Record<string, unknown>[]) : [];
    lines.push('', `${registryDef(r.key).label[lang]}:`);
    for (const item of items.slice(0, HITS_SHOWN)) {
      lines.push(`  - ${hitText(r.key, item, lang)}`);
      lines.push(`    ${t('search.why', { why: plain(whyLine(explainHit(query, r.key, item), lang)) })}`);
      // Through a relay: a colleague's decision on this hit, so it is not decided again as if new.
      const note = onRecord.get(hitKey(r.key, recordOf(r.key, item).record));
      if (note) {
        lines.push(`    ${t('search.onRecord', { decision: plain(decisionNoteText(note, lang, { named: false })) })}`);
      }
    }
    if (items.length > HITS_SHOWN) lines.push(`  ${t('search.more', { count: items.length - HITS_SHOWN })}`);
  }
  // Through a relay: hits on its accept list were taken out of the answer; say which, never hide them.
  if (decided && decided.muted.length > 0) {
    lines.push('', t('search.muted', { count: decided.muted.length, command: historyCommand(query) }));
    for (const m of decided.muted) lines.push(`  - ${plain(decisionNoteText(m, lang))}`);
  }
  if (decided && decided.changed.length > 0) {
    lines.push('', t('search.changed', { count: decided.changed.length }));
    for (const m of decided.changed) lines.push(`  - ${plain(decisionNoteText(m, lang))}`);
  }
  if (result.envelope.problems.length > 0) {
    lines.push('', t('search.problems', { count: result.envelope.problems.length }));
  }
  return lines.join('\n');
}

/**
 * The envelope for --json, each registry block that has items with `explanations` beside them:
 * one per item, in order, as explain.ts builds it (computed here, never asked of the service).
 */
function withExplanations(envelope: ParsedEnvelope, query: SearchQuery, lang: Lang): ParsedEnvelope {
  const registries: Record<string, unknown> = {};
  for (const [key, outcome] of Object.entries(envelope.registries)) {
    if (!outcome || outcome.status === 'error' || outcome.items.length === 0) {
      registries[key] = outcome;
      continue;
    }
    const explanations = (outcome.items as readonly object[]).map((item) => {
      const { facts, suggested } = explainHit(query, key as RegistryKey, item);
      return {
        facts: facts.map((f) => ({ code: f.code, query: f.query, record: f.record, text: f.text[lang] })),
        suggested: { decision: suggested.decision, reason: suggested.reason },
      };
    });
    registries[key] = { ...outcome, explanations, explanationRules: EXPLANATION_RULES_VERSION };
  }
  return { ...envelope, registries: registries as ParsedEnvelope['registries'] };
}

/** One hit on one line: name, id, birth date, match strength, and why the record matters. */
function hitText(key: RegistryKey, item: Record<string, unknown>, lang: Lang): string {
  const hit = hitLine(key, item);
  const strength = [
    hit.percent !== null ? `${percentText(hit.percent)}%` : '',
    hit.level ? levelText(hit.level, lang) : '',
  ]
    .filter(Boolean)
    .join(' ');
  // A sanctions record's lists say which are lifted only in its standing ("Lifted: OFAC SDN").
  const details = detailsWithStanding(hit.lists, hit.details, lang);
  const parts = [hit.name || '—', hit.id ? `#${hit.id}` : '', hit.birth, strength, details].filter((p) => p.length > 0);
  return plain(truncate(parts.join(' · '), 160));
}

export function askedRegistries(query: SearchQuery): readonly RegistryKey[] | undefined {
  // "Every list the account may use" is the service's to decide: show what came back.
  const listdata = query.listdata ?? ALL_LISTS;
  return listdata === ALL_LISTS ? undefined : registriesOf(listdata);
}

export async function runSearch(args: SearchArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const lang = config.lang;
  const query = searchQuery(args, config);

  // Before the request: a certificate that cannot be written must not cost a paid answer first.
  if (args.certificate) await assertFolderWritable(resolve(io.cwd, args.certificate), args.certificate);
  const connection = connect(config.loaded, { transport: nodeHttpTransport() });
  if (connection.mode === 'sandbox') {
    io.stderr.write(`${cliMessages.t(lang, 'sandbox.notice', { label: connection.label[lang] })}\n`);
  }

  const mixed = [args.name, args.namelat].flatMap((typed) => (typed ? mixedScriptWords(typed) : []));
  if (mixed.length > 0) {
    io.stderr.write(`${cliMessages.t(lang, 'search.mixedScripts', { words: plain(quotedList(mixed, lang)) })}\n`);
  }
  const initials = args.name ? initialWords(args.name) : [];
  if (initials.length > 0) {
    io.stderr.write(`${cliMessages.t(lang, 'search.initials', { words: plain(quotedList(initials, lang)) })}\n`);
  }
  if (query.ipn && failsCheckDigit(query.ipn)) {
    io.stderr.write(`${cliMessages.t(lang, 'search.badCheckDigit', { code: query.ipn })}\n`);
  }
  // Every time, not once: the URL with the tokken lands in a proxy's log on every use.
  if (args.get) io.stderr.write(`${cliMessages.t(config.lang, 'search.getWarning')}\n`);
  const result = await connection.client.search(query, {
    method: args.get ? 'GET' : 'POST',
    signal: io.interrupt,
    fresh: args.fresh,
  });
  const receivedAt = new Date();
  const summary = summarize(result.envelope, askedRegistries(query));
  if (args.json) io.stdout.write(`${toJson(withExplanations(result.envelope, query, lang))}\n`);
  else io.stdout.write(`${renderSummary(result, summary, connection, lang, query)}\n`);
  if (args.certificate) {
    // Loaded only here: pdfkit and the font cost a search that asks for no certificate nothing.
    const { writeSearchCertificate } = await import('../output/certificate-file');
    const file = await writeSearchCertificate({
      path: resolve(io.cwd, args.certificate),
      query,
      result,
      receivedAt,
      asked: summary.registries.map((r) => r.key),
      sandbox: answeredBy(connection, relaySandboxOf(result.envelope)).fictional,
      analyst: await certificateAnalyst(config, io),
      lang,
    });
    io.stderr.write(`${cliMessages.t(lang, 'search.certificate', { file })}\n`);
  }
  return EXIT.ok;
}
