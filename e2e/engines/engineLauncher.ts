import type { EngineDriver } from './engineDriver.ts';

/** An engine started once per test worker, which gives each journey a browser session of its own. */
export interface EngineLauncher {
  newDriver(): Promise<EngineDriver>;
  stop(): Promise<void>;
}
