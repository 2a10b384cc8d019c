/**
 * A function to run inside a browser page, as one standalone expression for `page.evaluate`.
 *
 * The product runs its TypeScript through tsx or bundled by esbuild (apps/server/scripts/build.mjs), both
 * keeping function names: a function declared inside another (`const words = (element) => …`) is compiled
 * to `__name((element) => …, "words")`, and the page has no `__name`, so passing such a function to
 * `page.evaluate` throws in the page. Here a local no-op stands in for the helper. `arg` must be JSON.
 */
export function pageScript<Arg>(run: (arg: Arg) => unknown, arg: Arg): string {
  return `(() => {
    const __name = (target) => target;
    return (${run.toString()})(${JSON.stringify(arg)});
  })()`;
}
