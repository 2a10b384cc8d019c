/**
 * Asks GET /api/v1/health over real HTTP, one request after another, while `work` runs, and reports the
 * slowest answer. The app runs in the test's own process: a blocked event loop delays every answer.
 */
export async function slowestHealthAnswer(baseUrl: string, work: Promise<unknown>): Promise<number> {
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  let slowest = 0;
  let answers = 0;
  while (!done || answers === 0) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/health`);
    await response.text();
    if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
    slowest = Math.max(slowest, performance.now() - started);
    answers += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await finished;
  return slowest;
}
