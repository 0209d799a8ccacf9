import { parseStrict } from '../args/option-values';
import { UsageError } from '../exit-codes';
import type { CliIo } from '../io';
import { ANALYST_NAME, createKey, mixesScripts, nameLooks } from '../../relay/keys';
import { isRole, RELAY_ROLES } from '../../relay/roles';
import { relayMessages } from '../../relay/messages';
import { STORE_OPTIONS, actionUsage, langOf, withStore } from './relay-store-access';

/**
 * `checklists relay keys add|list|revoke|rotate`: each analyst's own key, the identity the audit
 * trail and every decision are recorded under. A key is printed once, when made.
 */
export async function runKeys(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseStrict(
    'relay keys',
    [...argv],
    { ...STORE_OPTIONS, role: { type: 'string' } },
    true,
  );
  const [action, name] = positionals;
  const lang = langOf(values.lang, io);
  const role = values.role ?? 'analyst';
  if (!isRole(role) || (values.role !== undefined && action !== 'add')) {
    throw new UsageError(relayMessages.text('keys.badRole', { role, roles: RELAY_ROLES.join(', ') }));
  }
  if (action === 'add' || action === 'revoke' || action === 'rotate') {
    if (!name) throw new UsageError(relayMessages.text('keys.needName', { action }));
    if (!ANALYST_NAME.test(name)) throw new UsageError(relayMessages.text('keys.badName', { name }));
  }
  if (action === 'add' && mixesScripts(name!)) {
    throw new UsageError(relayMessages.text('keys.mixedScripts', { name: name! }));
  }
  if (action === 'add') {
    return withStore(
      values,
      io,
      async (store) => {
        const twin = (await store.listKeys()).find((k) => k.name !== name && nameLooks(k.name) === nameLooks(name!));
        if (twin) throw new UsageError(relayMessages.text('keys.lookAlike', { name: name!, existing: twin.name }));
        const made = await createKey(store, name!, role);
        if (made === 'exists') {
          io.stderr.write(`${relayMessages.t(lang, 'keys.exists', { name: name! })}\n`);
          return 2;
        }
        io.stderr.write(`${relayMessages.t(lang, 'keys.added', { name: name!, role })}\n`);
        // Alone on the last line of stdout, for scripts.
        io.stdout.write(`${made.key}\n`);
        return 0;
      },
      { create: true },
    );
  }
  if (action === 'rotate') {
    // A leaked key: the old one stops, a new one under the same name keeps one audit history.
    return withStore(values, io, async (store) => {
      // The new key keeps the old one's role: rotating is not the moment to change what a person may do.
      const current = (await store.listKeys()).find((k) => k.name === name && !k.revokedAt);
      if (!current || !(await store.revokeKey(name!))) {
        io.stderr.write(`${relayMessages.t(lang, 'keys.notFound', { name: name! })}\n`);
        return 2;
      }
      io.stderr.write(`${relayMessages.t(lang, 'keys.revoked', { name: name! })}\n`);
      const made = await createKey(store, name!, current.role);
      if (made === 'exists') return 2;
      io.stderr.write(`${relayMessages.t(lang, 'keys.added', { name: name!, role: current.role })}\n`);
      io.stdout.write(`${made.key}\n`);
      return 0;
    });
  }
  if (action === 'revoke') {
    return withStore(values, io, async (store) => {
      if (!(await store.revokeKey(name!))) {
        io.stderr.write(`${relayMessages.t(lang, 'keys.notFound', { name: name! })}\n`);
        return 2;
      }
      io.stdout.write(`${relayMessages.t(lang, 'keys.revoked', { name: name! })}\n`);
      return 0;
    });
  }
  if (action === 'list') {
    return withStore(values, io, async (store) => {
      const keys = await store.listKeys();
      if (keys.length === 0) io.stderr.write(`${relayMessages.t(lang, 'keys.none')}\n`);
      // The columns' names for the person, on stderr: stdout stays one key per line for scripts.
      else io.stderr.write(`${relayMessages.t(lang, 'keys.columns')}\n`);
      for (const k of keys) {
        io.stdout.write(
          `${k.name}\t${k.role}\t${k.revokedAt ? 'revoked' : 'active'}\t${k.createdAt.toISOString()}${k.revokedAt ? `\t${k.revokedAt.toISOString()}` : ''}\n`,
        );
      }
      return 0;
    });
  }
  throw actionUsage('keys', action, ['add', 'list', 'revoke', 'rotate']);
}
