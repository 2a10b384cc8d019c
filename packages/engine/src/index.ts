export * from "./compare";
export * from "./extract";
export * from "./fetch";
export * from "./snapshot";
