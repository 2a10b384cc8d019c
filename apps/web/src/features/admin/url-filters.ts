import { useSearchParams } from "react-router";

/** List filters live in the URL (STYLE 13): read them, and set one (back to page 1 unless it is the page). */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ""])) as Record<K, string>;
  const page = Math.max(1, Number(params.get("page") ?? "1") || 1);
  const set = (key: K | "page", value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== "page") next.delete("page");
    setParams(next, { replace: true });
  };
  return { values, page, set };
}
