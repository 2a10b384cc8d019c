// A worker thread starts without the TypeScript loader the engine's sources need: register it, then load the worker.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
