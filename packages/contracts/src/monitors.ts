/** Monitor enums shared by the engine's callers, the API and the web app (issue #4 extends this file). */
export const watchKinds = ["text", "price", "stock", "new_content", "images", "structure", "visual"] as const;
export type WatchKind = (typeof watchKinds)[number];

export const monitorSorts = ["default", "lastCheckedAt", "nextCheckAt", "lastChangeAt"] as const;
export type MonitorSort = (typeof monitorSorts)[number];

export const monitorStatuses = ["ok", "changed", "failing", "paused"] as const;
export type MonitorStatus = (typeof monitorStatuses)[number];
