import type { JournalEvidence } from './audit-journal';
import type { Transport } from '../core/request/transport';
import type { RegistryKey } from '../core/protocol/registries';
import type { EntraConfig } from './entra';
import type { LimitsConfig } from './limits';

/** What a relay service is made with (`checklists relay` builds it from its options). */

export interface UpstreamConfig {
  addresses: string[];
  tokken: string;
  idSubjectFM: string;
  timeoutMs?: number;
  retries?: number;
  transport?: Transport;
}

export interface RelayServiceConfig {
  upstream: UpstreamConfig;
  /** Names this process in audit rows and logs. */
  instance: string;
  /** Requests on the wire to the service at once, for every analyst together. */
  concurrency: number;
  limits: LimitsConfig;
  cacheTtlMs: number;
  /** How long an account or quota error stops every upstream call. */
  accountCooldownMs: number;
  entra?: EntraConfig;
  /**
   * The upstream is the sandbox (the command line knows its demo credentials; the relay imports
   * nothing of the sandbox): certificates then say on every page that they prove nothing.
   */
  sandboxUpstream?: boolean;
  /** Registries where a true match or a false positive needs a second person (--four-eyes). */
  fourEyes?: readonly RegistryKey[];
  /**
   * Other relay instances share this database (an external PostgreSQL): before a request for a
   * subject, claim it in the database and read the shared cache's row with the claim, so two
   * instances missing together pay once (claimed-search.ts). Without it the instance is alone on
   * its database (the embedded store): its scheduler already merges asks for one subject, and it
   * knows every key of the shared cache.
   */
  coordinateInstances?: boolean;
  /**
   * Where "asked" rows are made durable before the service is asked, when the relay has a folder
   * that outlives it (the embedded store's, or --spool-dir): ./evidence-spool.ts; without it, a
   * commit of the database. With the archive chain the relay keeps (the database's on the embedded
   * store, one of its own by URL: ./archive-chain.ts), paid answers are made durable there too.
   */
  evidence?: JournalEvidence;
}
