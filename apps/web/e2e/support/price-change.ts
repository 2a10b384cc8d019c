import { type APIRequestContext, expect } from "@playwright/test";
import type { PageServer } from "../app/page-server";

type Auth = { authorization: string };

/**
 * A monitor on `shop` with one real change found, through the API as the app would make it: created,
 * checked once (its baseline), the price moved to `newPrice`, checked again. Answers the change.
 */
export async function monitorWithPriceChange(
  request: APIRequestContext,
  auth: Auth,
  shop: PageServer,
  name: string,
  newPrice: string,
): Promise<{ monitorId: string; change: { id: string; summary: string } }> {
  const created = await request.post("/api/v1/monitors", {
    headers: auth,
    data: { url: shop.url, name, frequency: "1d", watch: ["text", "price"] },
  });
  const monitorId = (await created.json()).id as string;
  const checks = async () =>
    (await (await request.get(`/api/v1/monitors/${monitorId}/checks`, { headers: auth })).json()).total;
  await expect.poll(checks, { timeout: 60_000 }).toBeGreaterThan(0);
  shop.set({ price: newPrice });
  await request.post(`/api/v1/monitors/${monitorId}/check`, { headers: auth });
  const changes = async () =>
    (await (await request.get(`/api/v1/monitors/${monitorId}/changes`, { headers: auth })).json()).items;
  await expect.poll(async () => (await changes()).length, { timeout: 60_000 }).toBe(1);
  const [change] = await changes();
  return { monitorId, change };
}
