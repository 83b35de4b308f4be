import type { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { SnackbarProvider } from "notistack";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { meKey } from "../../app/session.ts";
import { AppProviders, me, signedInQueryClient } from "../../test/fake-session.tsx";

export { json, mockFetch } from "../../test/fake-session.tsx";

/** A query client signed in as `role` (Admin unless told). */
export function adminQueryClient(role = "Admin") {
  return signedInQueryClient((qc) => qc.setQueryData(meKey, { ...me, role }));
}

/** Renders `ui` at /admin, with a marker page at / to see redirects. */
export function renderAdmin(ui: ReactElement, qc: QueryClient = adminQueryClient()) {
  return render(
    <AppProviders qc={qc}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={["/admin"]}>
          <Routes>
            <Route path="/admin" element={ui} />
            <Route path="/" element={<p>Home page</p>} />
          </Routes>
        </MemoryRouter>
      </SnackbarProvider>
    </AppProviders>,
  );
}

/** The paths `fetch` was called with (method and path). */
export const calls = (fn: { mock: { calls: unknown[][] } }) =>
  fn.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), window.location.origin);
    return `${(init as RequestInit | undefined)?.method ?? "GET"} ${url.pathname}`;
  });
