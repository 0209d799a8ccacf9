import { langOption } from './args/option-values';
import { setMaxListeners } from 'node:events';
import { CheckListsError, InvalidInputError, ServiceUnreachableError, isRateLimited } from '../core/protocol/errors';
import type { Lang } from '../core/text/i18n';
import { createSecretMask, type SecretMask } from '../core/text/secret-mask';
import { version } from '../../package.json';
import { parseCommandLine, type ParsedCommand } from './args/command-line';
import { langFromEnv, loadCliConfig } from './config';
import { EXIT, OutputWriteError, UsageError, exitCodeFor } from './exit-codes';
import { StoreUnreachableError } from '../relay/store/store-errors';
import type { CliIo } from './io';
import { cliMessages } from './messages';
import { plain } from './output/terminal';
import { helpMessages, type HelpTopicKey } from './output/help-messages';

function helpKey(topic: string | undefined): HelpTopicKey {
  const topics = [
    'search',
    'screen',
    'history',
    'approve',
    'certificate',
    'archive',
    'audit',
    'decisions',
    'sandbox',
    'relay',
  ] as const;
  const known = topics.find((t) => t === topic);
  return known ? `help.${known}` : 'help.main';
}

/** What went wrong, in the person's language; field errors one per line; never a stack. */
export function describeFailure(error: unknown, lang: Lang): string[] {
  const prefix = cliMessages.t(lang, 'error.prefix');
  if (error instanceof InvalidInputError) return error.errors.map((e) => `${prefix}: ${e.field}: ${e.message[lang]}`);
  // A usage text spans lines (the relay's names each command); each is printed as a line of its own.
  if (error instanceof UsageError) {
    const [first, ...rest] = error.text[lang].split('\n');
    return [`${prefix}: ${first}`, ...rest];
  }
  if (error instanceof CheckListsError || error instanceof StoreUnreachableError) {
    return [`${prefix}: ${error.text[lang]}`];
  }
  if (error instanceof OutputWriteError) {
    return [`${prefix}: ${cliMessages.t(lang, 'error.outputWrite', { path: error.path, reason: error.reason })}`];
  }
  const message = error instanceof Error ? error.message : String(error);
  return [cliMessages.t(lang, 'error.unexpected', { message })];
}

function hintFor(code: number, lang: Lang, command: string | undefined, error: unknown): string | null {
  // The relay's failures are its own (its database, its port): the hints speak of the service.
  if (command === 'relay') return null;
  // The relay's limit (429, exit 4 too): its own words say how long to wait; the network is fine.
  if (isRateLimited(error)) return null;
  // Only `screen` has --resume: no other command's hint may send people looking for one. The
  // record's commands (history, approve) have the relay's words on the key, and nothing to repeat.
  if (code === EXIT.account) {
    if (command === 'screen') return cliMessages.t(lang, 'exit.hint.account');
    return command === 'search' ? cliMessages.t(lang, 'exit.hint.accountSearch') : null;
  }
  // The relay answered and said why it cannot serve: the network and the address are fine.
  const relaySaid = error instanceof ServiceUnreachableError && error.attempts.every((a) => a.said);
  if (relaySaid && error.attempts.length > 0) return null;
  if (code === EXIT.unreachable) return cliMessages.t(lang, 'exit.hint.unreachable');
  if (code === EXIT.interrupted) return cliMessages.t(lang, 'exit.hint.interrupted');
  return null;
}

/**
 * Loads the modules `screen` and `search` load on demand, without running anything: the build
 * (scripts/cli-code-cache.cjs) calls it so V8's code cache holds their compiled start-up too.
 */
export async function loadCommandModules(): Promise<void> {
  await Promise.all([import('./commands/screen-command'), import('./commands/search-command')]);
}

async function dispatch(
  parsed: ParsedCommand,
  io: CliIo,
  fallbackLang: Lang,
  onSecret: (mask: SecretMask) => void,
): Promise<number> {
  if (parsed.command === 'help') {
    io.stdout.write(`${helpMessages.t(parsed.global.lang ?? fallbackLang, helpKey(parsed.topic))}\n`);
    return EXIT.ok;
  }
  if (parsed.command === 'version') {
    io.stdout.write(`${version}\n`);
    return EXIT.ok;
  }
  const config = await loadCliConfig({
    env: io.env,
    platform: io.platform,
    ...(parsed.global.config !== undefined ? { configPath: parsed.global.config } : {}),
    ...(parsed.global.lang !== undefined ? { lang: parsed.global.lang } : {}),
    ...(parsed.global.insecureHttp ? { insecureHttp: true } : {}),
  });
  onSecret(createSecretMask([config.loaded.tokken]));
  for (const w of config.warnings) io.stderr.write(`${w[config.lang]}\n`);
  // Each command loads only its own code: `screen` never pays for the sandbox server, `search` for the bulk engine.
  switch (parsed.command) {
    case 'search':
      return (await import('./commands/search-command')).runSearch(parsed.args, config, io);
    case 'screen':
      return (await import('./commands/screen-command')).runScreen(parsed.args, config, io);
    case 'history':
      return (await import('./commands/history-command')).runHistory(parsed.args, config, io);
    case 'approve':
      return (await import('./commands/approve-command')).runApprove(parsed.args, config, io);
    case 'certificate':
      return (await import('./commands/certificate-command')).runCertificate(parsed.args, config, io);
    case 'archive':
      return (await import('./commands/archive-command')).runArchive(parsed.args, config, io);
    case 'decisions':
      return (await import('./commands/decisions-command')).runDecisions(parsed.args, config, io);
    case 'audit':
      return (await import('./commands/audit-command')).runAudit(parsed.args, config, io);
    case 'sandbox':
      return (await import('./commands/sandbox-command')).runSandbox(parsed.args, config, io);
  }
}

/** The whole command line as a function: argv in, exit code out. Nothing here calls process.exit. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let lang: Lang = langOption(argv) ?? langFromEnv(io.env);
  let command: string | undefined;
  // Until the config is read, the tokken can only be in the environment.
  let mask: SecretMask = createSecretMask([io.env.CHECKLISTS_TOKKEN]);
  try {
    // The relay is a server with its own options and store; loaded only when asked for.
    if (argv[0] === 'relay') {
      command = 'relay';
      const { runRelay } = await import('./commands/relay-command');
      return await runRelay(argv.slice(1), io);
    }
    const parsed = parseCommandLine(argv);
    command = parsed.command;
    if (parsed.global.lang) lang = parsed.global.lang;
    return await dispatch(parsed, io, lang, (m) => (mask = m));
  } catch (error) {
    const code = exitCodeFor(error);
    for (const line of describeFailure(error, lang)) io.stderr.write(`${plain(mask(line))}\n`);
    const hint = hintFor(code, lang, command, error);
    if (hint) io.stderr.write(`${hint}\n`);
    if (code === EXIT.unexpected && io.env.CHECKLISTS_DEBUG && error instanceof Error && error.stack) {
      io.stderr.write(`${error.stack}\n`);
    }
    return code;
  }
}

export function processIo(): CliIo {
  // Every request in flight listens to the run's abort signal: 16 at a time is by design, not a leak.
  setMaxListeners(64);
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    interrupts++;
    // The first Ctrl-C lets a run save its state; a second one means "now".
    if (interrupts > 1) process.exit(EXIT.interrupted);
    controller.abort();
  });
  process.on('SIGTERM', () => controller.abort());
  // The terminal went away (an ssh session closed on a relay or a run started by hand): stop as
  // SIGTERM does, rows written and state saved. Node's default ended the process on the spot.
  let hungUp = false;
  process.on('SIGHUP', () => {
    hungUp = true;
    controller.abort();
  });
  // `checklists audit --csv | head`: once the reader is gone nothing more can be said, so the
  // command stops quietly, as a shell tool does, rather than dying on an unhandled EPIPE with a stack.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      // A closed terminal answers writes with EIO: the stop under way goes on, unheard.
      if (hungUp && ['EIO', 'EPIPE', 'ERR_STREAM_DESTROYED'].includes(error.code ?? '')) return;
      if (error.code !== 'EPIPE') throw error;
      process.exit(EXIT.brokenPipe);
    });
  }
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    platform: process.platform,
    interrupt: controller.signal,
  };
}

function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => (stream.writableNeedDrain ? stream.once('drain', () => resolve()) : resolve()));
}

/**
 * Node ends a process whose event loop empties with exit code 0, even while the command still awaits
 * something nothing will ever settle (a stream that never finishes): a script would read success.
 * The loop can only empty before the command's end through such a bug, so it exits 1 and says so.
 */
export function exitOnStall(
  argv: readonly string[],
  proc: Pick<NodeJS.Process, 'once' | 'exit' | 'env' | 'stderr'>,
): void {
  proc.once('beforeExit', () => {
    const lang = langOption(argv) ?? langFromEnv(proc.env);
    proc.stderr.write(`${cliMessages.t(lang, 'error.stalled')}\n`);
    proc.exit(EXIT.unexpected);
  });
}

/**
 * Exits explicitly once output is flushed: an idle keep-alive socket to the service must not
 * hold a scheduled job open for seconds after the work is done.
 */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  exitOnStall(argv, process);
  const code = await runCli(argv, processIo());
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

if (require.main === module) void main();
