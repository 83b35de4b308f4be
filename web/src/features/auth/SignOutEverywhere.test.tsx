import { AUTH_MESSAGES, AUTH_ROUTES, CSRF_HEADER, PATHS, STORAGE_KEYS } from "@airwave/contracts";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, json, mockFetch, signedInQueryClient } from "../../test/fake-session.tsx";
import { SignOutEverywhere } from "./SignOutEverywhere.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderButton(leave: (url: string) => void) {
  return render(
    <AppProviders qc={signedInQueryClient()}>
      <SignOutEverywhere leave={leave} />
    </AppProviders>,
  );
}

const callsTo = (fn: ReturnType<typeof mockFetch>, path: string) =>
  fn.mock.calls.filter(
    ([input]) => new URL(String(input), window.location.origin).pathname === path,
  );

describe("Sign out everywhere", () => {
  it("asks first, then ends every session on the server, forgets this one and opens the login page", async () => {
    const fetchMock = mockFetch(({ path }) =>
      path === AUTH_ROUTES.logoutEverywhere.path
        ? json({ message: AUTH_MESSAGES.signedOutEverywhere })
        : json({ message: "unexpected" }, 404),
    );
    localStorage.setItem(STORAGE_KEYS.userId, "u-me");
    const leave = vi.fn();
    renderButton(leave);

    await userEvent.click(screen.getByRole("button", { name: AUTH_MESSAGES.signOutEverywhere }));
    const dialog = await screen.findByRole("dialog", { name: AUTH_MESSAGES.signOutEverywhere });
    expect(within(dialog).getByText(AUTH_MESSAGES.signOutEverywhereConfirm)).toBeTruthy();
    // Nothing is sent until the member confirms.
    expect(callsTo(fetchMock, AUTH_ROUTES.logoutEverywhere.path)).toHaveLength(0);

    await userEvent.click(
      within(dialog).getByRole("button", { name: AUTH_MESSAGES.signOutEverywhere }),
    );
    await waitFor(() => expect(leave).toHaveBeenCalledWith(PATHS.login));
    const [call] = callsTo(fetchMock, AUTH_ROUTES.logoutEverywhere.path);
    const init = call?.[1] as RequestInit;
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get(CSRF_HEADER)).toBe("tok");
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
  });

  it("says why when the server refuses, and stays signed in", async () => {
    mockFetch(() => json({ message: "Too many requests" }, 429));
    localStorage.setItem(STORAGE_KEYS.userId, "u-me");
    const leave = vi.fn();
    renderButton(leave);

    await userEvent.click(screen.getByRole("button", { name: AUTH_MESSAGES.signOutEverywhere }));
    const dialog = await screen.findByRole("dialog", { name: AUTH_MESSAGES.signOutEverywhere });
    await userEvent.click(
      within(dialog).getByRole("button", { name: AUTH_MESSAGES.signOutEverywhere }),
    );
    expect((await screen.findByRole("alert")).textContent).toContain("Too many requests");
    expect(leave).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe("u-me");
  });
});
