/**
 * The rooms import downward only (ARCHITECTURE.md): no import circles anywhere in the product code, and in
 * apps/server/src the layers below never reach up. `npm run lint:imports` checks it; CI runs it with lint.
 *   base      config, clock, version, package-root, logger, db/
 *   shared    context.ts (what services are handed), http/, mail/, blobs/, background-task helpers (tasks/)
 *   domains   one folder per domain (auth, users, monitors, checks, alerts, …)
 *   top       app.ts, routes.ts, cli.ts, roles/ (wiring: only these may see every domain)
 */
const server = "^apps/server/src/";
const base = `${server}(config|clock|version|package-root|logger|request-scope)\\.ts$|${server}db/`;
const shared = `${server}context\\.ts$|${server}(http|mail|blobs|tasks)/`;
const top = `${server}(app|routes|cli)\\.ts$|${server}roles/`;

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle: split the shared part into its own file below both.",
      from: { path: "^(apps/server/src|packages/engine/src|packages/contracts/src)/" },
      to: { circular: true },
    },
    {
      name: "base-imports-nothing-above",
      severity: "error",
      from: { path: base },
      to: { path: `^${server}`, pathNot: base },
    },
    {
      name: "shared-imports-no-domain",
      severity: "error",
      from: { path: shared },
      to: { path: `^${server}`, pathNot: `${base}|${shared}` },
    },
    {
      name: "domains-import-no-wiring",
      severity: "error",
      from: { path: `^${server}`, pathNot: top },
      to: { path: top },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(test|bench|e2e)/|\\.test\\.tsx?$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
