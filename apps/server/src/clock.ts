/** Time as the services see it. Tests inject their own to reach expiry without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const minutes = (n: number) => n * 60_000;
export const days = (n: number) => n * 86_400_000;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
