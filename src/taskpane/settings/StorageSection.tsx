import { Button, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { AnswerCache } from '../../core/cache/answer-cache';
import type { Lang } from '../../core/text/i18n';
import { runtimeFor } from '../shell/pane-runtime';
import type { TaskpaneServices } from '../shell/services';
import { storageMessages as m } from './storage-messages';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    border: 'none',
    padding: 0,
    margin: 0,
    minWidth: 0,
  },
  legend: {
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    marginBottom: tokens.spacingVerticalXS,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

export interface StorageSectionProps {
  services: TaskpaneServices;
  lang: Lang;
  /** Lifetime of a cached answer, from the saved settings. */
  cacheHours: number;
}

type Status = { intent: 'success' | 'error'; text: string } | null;

/**
 * Where settings and answers are kept, said truthfully (OfficeRuntime.storage in the shared
 * runtime is the origin's localStorage, unencrypted), and a button that empties the answer
 * cache: it holds client names and tax numbers, which a person may want gone before the TTL.
 */
export function StorageSection({ services, lang, cacheHours }: StorageSectionProps) {
  const styles = useStyles();
  const [clearing, setClearing] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const clear = async () => {
    setClearing(true);
    setStatus(null);
    try {
      // The runtime's cache forgets what it holds in memory too; where the runtime cannot start
      // (settings not usable yet) there is no such memory, and the storage alone is emptied.
      const context = await runtimeFor(services)
        .context()
        .catch(() => null);
      const cache = context?.cache ?? new AnswerCache({ storage: services.settings.storage });
      const count = await cache.clearAll();
      setStatus({ intent: 'success', text: m.t(lang, 'storage.cleared', { count }) });
    } catch (error) {
      setStatus({
        intent: 'error',
        text: m.t(lang, 'storage.clearFailed', { message: error instanceof Error ? error.message : String(error) }),
      });
    } finally {
      setClearing(false);
    }
  };

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{m.t(lang, 'storage.title')}</legend>
      <Text size={200} className={styles.muted}>
        {m.t(lang, 'storage.note', { hours: cacheHours })}
      </Text>
      <div className={styles.row}>
        <Button onClick={() => void clear()} disabled={clearing}>
          {m.t(lang, clearing ? 'storage.clearing' : 'storage.clear')}
        </Button>
      </div>
      {status && (
        <MessageBar intent={status.intent} layout="multiline" role="status">
          <MessageBarBody>{status.text}</MessageBarBody>
        </MessageBar>
      )}
    </fieldset>
  );
}
