import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { useLiveStore } from "../features/live/live-events";
import { disableAnalytics } from "../lib/analytics";
import { useAuthStore } from "../store/auth-store";

// The files of a worker share one module graph (vitest.config.ts: isolate false), so each file starts from
// the app's first state: signed out and loading, no live checks, analytics off.
useAuthStore.setState(useAuthStore.getInitialState(), true);
useLiveStore.setState(useLiveStore.getInitialState(), true);
disableAnalytics();

afterEach(() => {
  cleanup();
  // What a screen left outside its container (a portal not yet removed) goes too: jsdom is shared.
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
