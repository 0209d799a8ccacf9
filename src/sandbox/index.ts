// The sandbox without its HTTP wrapper: everything here is pure and runs in the add-in too.
// The Node server lives in server.ts and is imported from there only.
export {
  DEMO_CREDENTIALS,
  SANDBOX_ACCOUNTS,
  createSandboxEngine,
  type SandboxAccount,
  type SandboxEngine,
  type SandboxEngineOptions,
  type SandboxResponse,
} from './engine';
export { describeFaults, type SandboxFaults } from './faults';
export { sandboxTransport, type Sleep } from './transport';
export { sandboxData, type SandboxData } from './data/generator';
export { KNOWN } from './data/known-subjects';
export { KNOWN_EXPECTATIONS } from './data/known-expectations';
export { MAX_DATA_REVISION } from './data/revisions';
