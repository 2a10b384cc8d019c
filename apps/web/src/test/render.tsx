import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { SnackbarProvider } from "notistack";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { theme } from "../theme/theme";

/** Shows where the app navigated to, with its route state, so tests can read it. */
function WhereAmI() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname}
      {location.search}
    </output>
  );
}

interface RenderOptions {
  path?: string;
  url?: string;
  state?: unknown;
}

/** Renders a screen inside the app's real providers, with a router that records where it navigates. */
export function renderScreen(element: ReactElement, { path = "/", url, state }: RenderOptions = {}) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: "*", element: <WhereAmI /> },
    ],
    {
      initialEntries: [
        {
          pathname: (url ?? path).split("?")[0]!,
          search: url?.includes("?") ? `?${url.split("?")[1]}` : "",
          state,
        },
      ],
    },
  );
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const result = render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, router };
}
