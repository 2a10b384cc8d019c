import { describe, expect, it } from "vitest";
import {
  filtersFromParams,
  filtersToParams,
  hasActiveFilters,
  toListQuery,
  withFilter,
} from "./monitor-filters";

describe("My Monitors filters in the URL", () => {
  it("reads every filter and writes the same URL back", () => {
    const params = new URLSearchParams(
      "sort=lastChangeAt&status=failing&kind=price&tag=shops&search=kettle&page=3",
    );
    const filters = filtersFromParams(params);
    expect(filters).toEqual({
      sort: "lastChangeAt",
      status: "failing",
      kind: "price",
      tag: "shops",
      search: "kettle",
      page: 3,
    });
    expect(filtersToParams(filters).toString()).toBe(params.toString());
  });

  it("leaves defaults out so the plain list has a plain URL", () => {
    expect(filtersToParams(filtersFromParams(new URLSearchParams())).toString()).toBe("");
  });

  it("drops malformed values from a hand-edited URL instead of failing", () => {
    const filters = filtersFromParams(
      new URLSearchParams("sort=price&status=broken&kind=&page=-2&search=%20%20"),
    );
    expect(filters).toEqual({
      sort: "default",
      status: undefined,
      kind: undefined,
      tag: undefined,
      search: undefined,
      page: 1,
    });
    expect(hasActiveFilters(filters)).toBe(false);
  });

  it("goes back to the first page when a filter changes, but not when the page does", () => {
    const onPage3 = filtersFromParams(new URLSearchParams("page=3"));
    expect(withFilter(onPage3, { status: "paused" }).page).toBe(1);
    expect(withFilter(onPage3, { page: 4 }).page).toBe(4);
  });

  it("asks the API for the filtered page", () => {
    expect(toListQuery(filtersFromParams(new URLSearchParams("status=ok&page=2")))).toMatchObject({
      status: "ok",
      page: 2,
      pageSize: 20,
    });
  });
});
