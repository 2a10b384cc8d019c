/** The process's one engine pool, created on first use (the server's checks and previews share it). */
import { EnginePool, type EnginePoolOptions } from "./engine-pool";

let shared: EnginePool | null = null;
let sharedOptions: EnginePoolOptions = {};

/** Sets the shared pool's size and budgets; a pool already running is closed and the next use starts anew. */
export function configureSharedEnginePool(options: EnginePoolOptions): void {
  sharedOptions = options;
  const previous = shared;
  shared = null;
  void previous?.close();
}

export function sharedEnginePool(): EnginePool {
  shared ??= new EnginePool(sharedOptions);
  return shared;
}
