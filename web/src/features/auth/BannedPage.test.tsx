import { AUTH_MESSAGES, type AuthStatus } from "@airwave/contracts";
import { QueryClient } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authStatusKey } from "../../app/session.ts";
import { AppProviders, json } from "../../test/fake-session.tsx";
import { BannedPage } from "./BannedPage.tsx";
import { rememberBan } from "./ban-record.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const visitor: AuthStatus = {
  authenticated: false,
  banned: false,
  banReason: null,
  banExpiresAt: null,
  banKind: null,
};

/** A link someone could send: words of their choosing in the query string. */
const SPOOFED =
  "/banned?reason=account_banned&banReason=Call+0800-SCAM+to+unlock&ip=6.6.6.6&until=2099-01-01";

function renderBanned(status: AuthStatus, url = SPOOFED) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => json(status)),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(authStatusKey, status);
  return render(
    <AppProviders qc={qc}>
      <MemoryRouter initialEntries={[url]}>
        <BannedPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

const expectNoUrlText = () => {
  expect(document.body.textContent).not.toContain("0800-SCAM");
  expect(document.body.textContent).not.toContain("6.6.6.6");
  expect(document.body.textContent).not.toContain("2099");
};

describe("security round 3: the /banned page", () => {
  it("/banned renders banReason and ip from the query string (content spoofing): without a ban from the server it shows a generic text", async () => {
    renderBanned(visitor);
    expect(
      await screen.findByRole("heading", { name: AUTH_MESSAGES.bannedTitleGeneric }),
    ).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.bannedGeneric)).toBeInTheDocument();
    expectNoUrlText();
  });

  it("/banned renders banReason and ip from the query string (content spoofing): it shows the login's ban answer kept by the web, not the URL's words", async () => {
    rememberBan({
      message: AUTH_MESSAGES.bannedAccount,
      reason: "account_banned",
      banReason: "Spamming the chat",
      bannedAt: "2026-11-01T10:00:00.000Z",
      banExpiresAt: null,
      ip: "203.0.113.9",
    });
    renderBanned(visitor);
    expect(
      await screen.findByRole("heading", { name: AUTH_MESSAGES.bannedTitleAccount }),
    ).toBeInTheDocument();
    expect(screen.getByText("Spamming the chat")).toBeInTheDocument();
    expect(screen.getByText("203.0.113.9")).toBeInTheDocument();
    expectNoUrlText();
  });

  it("/banned renders banReason and ip from the query string (content spoofing): an IP ban is read from the server's auth status", async () => {
    renderBanned({
      authenticated: false,
      banned: true,
      banReason: AUTH_MESSAGES.bannedBlacklist,
      banExpiresAt: null,
      banKind: "blacklist",
    });
    expect(
      await screen.findByRole("heading", { name: AUTH_MESSAGES.bannedTitleBlacklist }),
    ).toBeInTheDocument();
    expectNoUrlText();
  });
});
