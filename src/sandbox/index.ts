// The sandbox without its HTTP wrapper: everything here is pure and runs in the add-in too.
// The Node server lives in server.ts and is imported from there only.
export {
  DEMO_CREDENTIALS,
  SANDBOX_ACCOUNTS,
  createSandboxEngine,
  type SandboxAccount,
  type SandboxEngine,
  type SandboxEngineOptions,
  type SandboxRequest,
  type SandboxResponse,
} from './engine';
export { FaultInjector, describeFaults, registryErrorAnswer, type FaultDecision, type SandboxFaults } from './faults';
export { sandboxTransport, realSleep, type SandboxTransportOptions, type Sleep } from './transport';
export { DEFAULT_SEED, GENERATED_COUNTS, sandboxData, type SandboxData } from './data/generator';
export { KNOWN, KNOWN_EXPECTATIONS, type KnownExpectation } from './data/known-subjects';
export { LEVEL_HIGH, LEVEL_LOW, type Level } from './matching';
export { sandboxMessages } from './messages';
export { DATA_REVISIONS, MAX_DATA_REVISION, dataAtRevision, type RevisionChange } from './data/revisions';
