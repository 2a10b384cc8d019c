import { useLayoutEffect } from "react";
import { type UIMatch, useMatches } from "react-router";

export const siteName = "ChangeRadar";
/** The title of pages that name nothing (the landing page), same as index.html. */
export const defaultTitle = `${siteName} · Website change monitoring`;

/** What a route declares in its `handle` to name its page in the browser tab. */
export interface PageHandle {
  title?: string;
}

/** The deepest matched route that names its page wins; a page that names nothing keeps the default. */
export function titleFor(matches: Pick<UIMatch, "handle">[]): string {
  const named = matches.map((m) => (m.handle as PageHandle | undefined)?.title).filter(Boolean);
  const title = named.at(-1);
  return title ? `${title} · ${siteName}` : defaultTitle;
}

/**
 * Sets document.title from the matched routes' handles. A layout effect runs before the pages' own effects,
 * so a page that knows a finer title once its data arrives (a blog post) may still override it.
 */
export function useRouteTitle() {
  const title = titleFor(useMatches());
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
}
