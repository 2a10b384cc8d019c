export * from "./auth";
export * from "./errors";
export * from "./messages";
export * from "./monitors";
export * from "./password-strength";
export * from "./plans";
