export { type NoiseKind, noiseKinds } from "./noise";
export { forkWorkload, type RemoteWorkload } from "./remote";
export { type PageTruth, startWorkload, type Workload, type WorkloadOptions } from "./workload";
