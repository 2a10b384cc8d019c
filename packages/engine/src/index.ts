export { bodyHash, learnVolatileTokens } from "./body-noise";
export * from "./compare";
export * from "./extract";
export * from "./fetch";
export * from "./pool";
export * from "./site";
export * from "./snapshot";
export * from "./snapshot-page";
