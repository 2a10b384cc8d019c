export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  /** The raw Set-Cookie lines of this response. */
  setCookies: string[];
}

interface StoredCookie {
  value: string;
  path: string;
}

interface RequestOptions {
  json?: unknown;
  raw?: { body: string; contentType: string };
  form?: FormData;
  xsrf?: boolean;
  headers?: Record<string, string>;
}

/**
 * An HTTP client with a cookie jar (honouring each cookie's Path), like a browser talking to the app.
 * `token` sends a bearer access token; `xsrf` echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN.
 */
export class ApiClient {
  readonly cookies = new Map<string, StoredCookie>();
  token: string | null = null;

  constructor(readonly baseUrl: string) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const url = `/api/v1${path}`;
    const headers: Record<string, string> = { ...options.headers };
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.raw) {
      headers["content-type"] = options.raw.contentType;
      body = options.raw.body;
    } else if (options.form) {
      body = options.form;
    }
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const cookieHeader = this.cookieHeaderFor(url);
    if (cookieHeader) headers.cookie = cookieHeader;
    if (options.xsrf) headers["x-xsrf-token"] = this.cookies.get("XSRF-TOKEN")?.value ?? "";
    const response = await fetch(`${this.baseUrl}${url}`, { method, headers, body });
    const setCookies = response.headers.getSetCookie();
    this.store(setCookies);
    const text = await response.text();
    const parsed = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
    return { status: response.status, headers: response.headers, body: parsed as T, setCookies };
  }

  get = <T = Record<string, unknown>>(path: string, options: { xsrf?: boolean } = {}) =>
    this.request<T>("GET", path, options);
  post = <T = Record<string, unknown>>(path: string, json?: unknown, options: { xsrf?: boolean } = {}) =>
    this.request<T>("POST", path, { json, ...options });

  private cookieHeaderFor(url: string): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => url.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join("; ");
  }

  private store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";").map((s) => s.trim());
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = decodeURIComponent(pair!.slice(eq + 1));
      const path = attributes.find((a) => a.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      const expired = attributes.some(
        (a) => /^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now(),
      );
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }
}
