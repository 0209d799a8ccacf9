import { userInfo } from 'node:os';
import type { CliConfig, Env } from '../config';
import type { CliIo } from '../io';
import { relayPost, relayTarget } from '../transport/relay-call';

/**
 * Who a certificate from the command line says screened. Through the organisation's relay, the
 * analyst its key names (asked at `/relay/check`, which spends no request): the name the relay's
 * audit trail and its own certificates give. Otherwise the configured IDuserPC, else the system's
 * login. A certificate reading "Screened by: -" is one an inspector sends back.
 */
export async function certificateAnalyst(config: CliConfig, io: CliIo): Promise<string> {
  const { settings } = config.loaded;
  if (settings.connection === 'relay') {
    const named = await relayAnalyst(config, io);
    if (named) return named;
  }
  return localAnalyst(settings.idUserPC, io.env);
}

/** The analyst the relay's key names (a run's header says it too); null when the relay does not say. */
export async function relayAnalyst(config: CliConfig, io: CliIo): Promise<string | null> {
  try {
    // A relay that does not answer in 5 s costs the name, not the run (a scheduled one above all).
    const interrupt = AbortSignal.any([io.interrupt, AbortSignal.timeout(5_000)]);
    const answer = await relayPost(relayTarget(config), '/relay/check', {}, { ...io, interrupt });
    const analyst = (answer.body as { analyst?: unknown } | null)?.analyst;
    return answer.status === 200 && typeof analyst === 'string' && analyst.trim() ? analyst.trim() : null;
  } catch {
    // The run's answers are in: a relay gone quiet now costs the certificate its name, not the run.
    return null;
  }
}

function localAnalyst(idUserPC: string, env: Env): string {
  const named = [idUserPC, env.USER, env.USERNAME, env.LOGNAME].map((v) => v?.trim()).find((v) => v);
  if (named) return named;
  try {
    // Throws where the user has no entry in the system's user list (some containers).
    return userInfo().username || '-';
  } catch {
    return '-';
  }
}
