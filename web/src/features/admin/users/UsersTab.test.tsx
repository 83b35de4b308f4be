import {
  ADMIN_DELETE_MESSAGES,
  ADMIN_USERS_LIMITS,
  type AdminUserDetail,
  type AdminUserView,
  IP_BAN_MESSAGES,
  ADMIN_USERS_MESSAGES as M,
  POINTS_API,
  ADMIN_USERS_TEXTS as T,
} from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminQueryClient, calls, json, mockFetch, renderAdmin } from "../test-utils.tsx";
import { UsersTab } from "./UsersTab.tsx";

// MUI dialogs under jsdom are slow on a shared machine: room to finish, not a timing assertion.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const related = {
  role: "user",
  lastLoginAt: "2026-01-05T10:00:00.000Z",
  sharedIps: ["203.0.113.5"],
  banned: false,
};

const view = (over: Partial<AdminUserView> = {}): AdminUserView => ({
  id: "u-bob",
  _id: "u-bob",
  username: "bob",
  email: "bob@example.test",
  role: "user",
  createdAt: "2026-01-02T10:00:00.000Z",
  profileimage: "",
  lastLoginIp: "203.0.113.5",
  loginIps: ["203.0.113.5"],
  bannedBy: null,
  bannedAt: null,
  banReason: null,
  banExpiresAt: null,
  bannedWith: null,
  isDj: false,
  ...over,
});

const page = (users: AdminUserView[], total = users.length, pageNo = 1) =>
  json({ users, total, page: pageNo, pageSize: 15 });

describe("UsersTab", () => {
  it("lists users, searches once typing pauses and pages through the server", async () => {
    const fetch = mockFetch(({ path, url }) => {
      if (path === "/api/auth/admin/users") {
        const search = url.searchParams.get("search");
        const p = Number(url.searchParams.get("page"));
        if (search === "car") return page([view({ id: "u-carol", username: "carol" })]);
        if (p === 2) return page([view({ id: "u-dan", username: "dan" })], 16, 2);
        return page(
          [
            view({ bannedBy: "root", banReason: "Spam rings", role: "banned" }),
            view({ id: "u-eve", username: "eve" }),
          ],
          16,
        );
      }
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderAdmin(<UsersTab />);
    const table = await screen.findByRole("table", { name: T.title });
    const bobRow = within(table).getByText("bob").closest("tr") as HTMLElement;
    expect(within(bobRow).getByText("root")).toBeVisible();
    expect(within(bobRow).getByText("Spam rings")).toBeVisible();
    expect(within(bobRow).getByText("banned")).toBeVisible();
    for (const header of [T.profileImage, T.username, T.email, T.role, T.created, T.bannedBy]) {
      expect(within(table).getByRole("columnheader", { name: header })).toBeVisible();
    }

    await user.click(screen.getByRole("button", { name: /next page/i }));
    expect(await screen.findByText("dan")).toBeVisible();

    await user.type(screen.getByRole("searchbox", { name: T.search }), "car");
    expect(await screen.findByText("carol")).toBeVisible();
    const searches = fetch.mock.calls
      .map(([u]) => new URL(String(u), window.location.origin))
      .filter((u) => u.searchParams.has("search"))
      .map((u) => `${u.searchParams.get("search")}@${u.searchParams.get("page")}`);
    // Debounced: one request for the whole word, from the first page.
    expect(searches).toEqual(["car@1"]);
  });

  it("validates the create-user form with the spec's messages, then creates and reloads", async () => {
    let created: unknown = null;
    let listed = 0;
    mockFetch(({ path, method, body }) => {
      if (path === "/api/auth/admin/users" && method === "GET") {
        listed++;
        return page([view()]);
      }
      if (path === "/api/auth/admin/users" && method === "POST") {
        if ((body as { username: string }).username === "taken") {
          return json({ message: "That username is already taken." }, 409);
        }
        created = body;
        return json({ user: view({ username: "newbie" }), message: M.created }, 201);
      }
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderAdmin(<UsersTab />);
    await screen.findByText("bob");
    await user.click(screen.getByRole("button", { name: T.createUser }));
    const dialog = await screen.findByRole("dialog", { name: T.createTitle });
    await user.click(within(dialog).getByRole("button", { name: T.create }));
    expect(await within(dialog).findByText(M.usernameRequired)).toBeVisible();
    expect(within(dialog).getByText(M.emailRequired)).toBeVisible();
    expect(within(dialog).getByText(M.passwordRequired)).toBeVisible();

    await user.type(within(dialog).getByLabelText(/Username/), "a b");
    await user.type(within(dialog).getByLabelText(/Email/), "nope");
    await user.type(within(dialog).getByLabelText(/Password/), "five5");
    await user.click(within(dialog).getByRole("button", { name: T.create }));
    expect(await within(dialog).findByText(M.usernameInvalid)).toBeVisible();
    expect(within(dialog).getByText(M.emailInvalid)).toBeVisible();
    expect(within(dialog).getByText(M.passwordTooShort)).toBeVisible();

    await user.clear(within(dialog).getByLabelText(/Username/));
    await user.type(within(dialog).getByLabelText(/Username/), "taken");
    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.type(within(dialog).getByLabelText(/Email/), "new@example.test");
    await user.type(within(dialog).getByLabelText(/Password/), "6");
    await user.click(within(dialog).getByRole("button", { name: T.create }));
    expect(await within(dialog).findByText("That username is already taken.")).toBeVisible();

    await user.clear(within(dialog).getByLabelText(/Username/));
    await user.type(within(dialog).getByLabelText(/Username/), "newbie");
    await user.click(within(dialog).getByRole("combobox", { name: /Role/ }));
    await user.click(await screen.findByRole("option", { name: "Moderator" }));
    const before = listed;
    await user.click(within(dialog).getByRole("button", { name: T.create }));
    expect(await screen.findByText(M.created)).toBeVisible();
    expect(created).toEqual({
      username: "newbie",
      email: "new@example.test",
      password: "five56",
      role: "Moderator",
    });
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the generic message when creating fails without a server message", async () => {
    mockFetch(({ path, method }) => {
      if (path === "/api/auth/admin/users" && method === "GET") return page([view()]);
      return new Response("", { status: 500 });
    });
    const user = userEvent.setup();
    renderAdmin(<UsersTab />);
    await screen.findByText("bob");
    await user.click(screen.getByRole("button", { name: T.createUser }));
    const dialog = await screen.findByRole("dialog", { name: T.createTitle });
    await user.type(within(dialog).getByLabelText(/Username/), "newbie");
    await user.type(within(dialog).getByLabelText(/Email/), "new@example.test");
    await user.type(within(dialog).getByLabelText(/Password/), "sixsix");
    await user.click(within(dialog).getByRole("button", { name: T.create }));
    expect(await within(dialog).findByText(M.createFailed)).toBeVisible();
  });

  it("bans with the related accounts listed and a counted reason, then reloads the list", async () => {
    let banned = false;
    let banBody: unknown = null;
    let listed = 0;
    const detail = (): AdminUserDetail => ({
      user: banned
        ? view({
            role: "banned",
            bannedBy: "root",
            banReason: "Spam",
            bannedAt: "2026-01-03T00:00:00Z",
          })
        : view(),
      relatedAccounts: [
        { ...related, id: "u-alt", username: "bob_alt" },
        { ...related, id: "u-boss", username: "boss", role: "Admin" },
        { ...related, id: "u-kid", username: "bob_kid", lastLoginAt: null },
      ],
      bannedWithThis: banned ? [{ id: "u-alt", username: "bob_alt" }] : [],
    });
    let unbanBody: unknown = null;
    const fetch = mockFetch(({ path, method, body }) => {
      if (path === "/api/auth/admin/users") {
        listed++;
        return page([banned ? view({ role: "banned", banReason: "Spam" }) : view()]);
      }
      if (path === "/api/auth/admin/users/u-bob") return json(detail());
      if (path === "/api/auth/admin/users/u-bob/ban" && method === "POST") {
        banBody = body;
        banned = true;
        return json({ message: M.banned, banned: ["bob", "bob_alt"] });
      }
      if (path === "/api/auth/admin/users/u-bob/unban") {
        unbanBody = body;
        banned = false;
        return json({ message: M.unbanned, user: view() });
      }
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderAdmin(<UsersTab />);
    await user.click(await screen.findByRole("button", { name: T.manage("bob") }));
    const dialog = await screen.findByRole("dialog", { name: "bob" });
    await user.click(await within(dialog).findByRole("button", { name: T.ban }));

    const confirm = await screen.findByRole("dialog", { name: T.banTitle("bob") });
    const list = within(confirm).getByRole("list", { name: T.relatedBanned });
    // One box per related account, checked by default, with its last login and shared address.
    const alt = within(list).getByRole("checkbox", { name: "bob_alt" });
    expect(alt).toBeChecked();
    expect(alt).toHaveAccessibleDescription(/203\.0\.113\.5/);
    expect(alt).toHaveAccessibleDescription(/Last login/);
    const kid = within(list).getByRole("checkbox", { name: "bob_kid" });
    expect(kid).toHaveAccessibleDescription(new RegExp(T.relatedNoLogin));
    // An Admin is listed without a box that can be ticked.
    expect(within(list).getByRole("checkbox", { name: "boss" })).toBeDisabled();
    expect(within(confirm).getByText(T.adminsSkipped)).toBeVisible();
    expect(within(confirm).queryByText(T.relatedWarning(3))).toBeNull();
    await user.click(kid);
    expect(kid).not.toBeChecked();
    expect(within(confirm).getByText(T.relatedChecked(1, 2))).toBeVisible();
    const reason = within(confirm).getByLabelText(T.banReasonLabel);
    expect(reason).toHaveAttribute("maxlength", "200");
    await user.type(reason, "Spam");
    expect(within(confirm).getByText("4/200")).toBeVisible();
    await user.click(within(confirm).getByRole("combobox", { name: T.banLengthLabel }));
    await user.click(await screen.findByRole("option", { name: T.banLengthDays(7) }));
    const before = listed;
    const clicked = Date.now();
    await user.click(within(confirm).getByRole("button", { name: T.banConfirm }));

    expect(await screen.findByText(M.banned)).toBeVisible();
    const sent = banBody as { reason: string; expiresAt: string; relatedIds: string[] };
    expect(sent.reason).toBe("Spam");
    expect(sent.relatedIds).toEqual(["u-alt"]);
    const lifts = Date.parse(sent.expiresAt) - clicked;
    expect(lifts).toBeGreaterThanOrEqual(7 * 86_400_000 - 1_000);
    expect(lifts).toBeLessThan(7 * 86_400_000 + 60_000);
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    expect(await within(dialog).findByRole("button", { name: T.unban })).toBeVisible();

    await user.click(within(dialog).getByRole("button", { name: T.unban }));
    const unban = await screen.findByRole("dialog", { name: T.unbanTitle("bob") });
    expect(within(unban).getByRole("checkbox", { name: "bob_alt" })).toBeChecked();
    await user.click(within(unban).getByRole("button", { name: T.unbanConfirm }));
    expect(await screen.findByText(M.unbanned)).toBeVisible();
    expect(unbanBody).toEqual({ alsoIds: ["u-alt"] });
    expect(calls(fetch)).toContain("POST /api/auth/admin/users/u-bob/unban");
  });

  it(`warns from ${ADMIN_USERS_LIMITS.relatedWarnAt} related accounts on, and an account banned already has no box`, async () => {
    const n = ADMIN_USERS_LIMITS.relatedWarnAt;
    const many = Array.from({ length: n }, (_, i) => ({
      ...related,
      id: `u-${i}`,
      username: `alt_${i}`,
      banned: i === 0,
    }));
    mockFetch(({ path }) => {
      if (path === "/api/auth/admin/users") return page([view()]);
      if (path === "/api/auth/admin/users/u-bob")
        return json({ user: view(), relatedAccounts: many, bannedWithThis: [] });
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderAdmin(<UsersTab />);
    await user.click(await screen.findByRole("button", { name: T.manage("bob") }));
    const dialog = await screen.findByRole("dialog", { name: "bob" });
    await user.click(await within(dialog).findByRole("button", { name: T.ban }));
    const confirm = await screen.findByRole("dialog", { name: T.banTitle("bob") });
    expect(within(confirm).getByText(T.relatedWarning(n))).toBeVisible();
    const first = within(confirm).getByRole("checkbox", { name: "alt_0" });
    expect(first).toBeDisabled();
    expect(first).toHaveAccessibleDescription(new RegExp(T.relatedAlreadyBanned));
    expect(within(confirm).getByText(T.relatedChecked(n - 1, n - 1))).toBeVisible();
  });

  it("changes role and DJ status, sends the reset e-mail, bans the IP, deletes, with the spec's toasts", async () => {
    const fail = new Set<string>();
    const fetch = mockFetch(({ path }) => {
      if (path === "/api/auth/admin/users") return page([view()]);
      if (path === "/api/auth/admin/users/u-bob")
        return json({ user: view(), relatedAccounts: [], bannedWithThis: [] });
      if (fail.has(path)) return json({ message: "nope" }, 400);
      if (path.endsWith("/role")) return json({ message: M.roleUpdated, user: view() });
      if (path.endsWith("/dj")) return json({ message: M.djUpdated, user: view() });
      if (path.endsWith("/reset-email")) return json({ message: M.resetSent });
      if (path.endsWith("/ban-ip")) return json({ ok: true });
      if (path.endsWith("/delete")) return json({ message: ADMIN_DELETE_MESSAGES.deleted });
      if (path === POINTS_API.adminUserPoints("u-bob"))
        return json({ userId: "u-bob", points: 42, excludeFromScoreboard: false });
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderAdmin(<UsersTab />);
    await user.click(await screen.findByRole("button", { name: T.manage("bob") }));
    const dialog = await screen.findByRole("dialog", { name: "bob" });

    await user.click(await within(dialog).findByRole("combobox", { name: T.role }));
    await user.click(await screen.findByRole("option", { name: "Moderator" }));
    expect(await screen.findByText(M.roleUpdated)).toBeVisible();
    fail.add("/api/auth/admin/users/u-bob/role");
    await user.click(within(dialog).getByRole("combobox", { name: T.role }));
    await user.click(await screen.findByRole("option", { name: "Admin" }));
    expect(await screen.findByText(M.roleFailed)).toBeVisible();

    await user.click(within(dialog).getByRole("switch", { name: T.djStatus }));
    expect(await screen.findByText(M.djUpdated)).toBeVisible();

    await user.click(within(dialog).getByRole("button", { name: T.sendReset }));
    await user.click(
      within(await screen.findByRole("dialog", { name: T.resetTitle })).getByRole("button", {
        name: T.resetConfirm,
      }),
    );
    expect(await screen.findByText(M.resetSent)).toBeVisible();

    expect(within(dialog).getByText(`${T.lastLoginIp}: 203.0.113.5`)).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: T.banIp }));
    const ipConfirm = await screen.findByRole("dialog", { name: T.banIpTitle });
    expect(within(ipConfirm).getByText(/203\.0\.113\.5/)).toBeVisible();
    await user.click(within(ipConfirm).getByRole("button", { name: T.banIpConfirm }));
    expect(await screen.findByText(IP_BAN_MESSAGES.banned)).toBeVisible();

    // The points section (its behaviour: points/UserPointsSection.test.tsx): the member's points.
    const points = within(dialog).getByRole("region", { name: T.pointsSection });
    expect(await within(points).findByText("42")).toBeVisible();
    expect(within(points).getByRole("switch", { name: T.excludeScoreboard })).toBeEnabled();
    expect(within(dialog).getByRole("link", { name: T.viewProfile })).toHaveAttribute(
      "href",
      "/user/bob",
    );

    await user.click(within(dialog).getByRole("button", { name: T.deleteAccount }));
    const del = await screen.findByRole("dialog", { name: ADMIN_DELETE_MESSAGES.confirmTitle });
    await user.click(within(del).getByRole("button", { name: ADMIN_DELETE_MESSAGES.confirm }));
    expect(await screen.findByText(ADMIN_DELETE_MESSAGES.deleted)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "bob" })).toBeNull());
    expect(calls(fetch)).toEqual(
      expect.arrayContaining([
        "POST /api/auth/admin/users/u-bob/dj",
        "POST /api/auth/admin/users/u-bob/reset-email",
        "POST /api/auth/admin/users/u-bob/ban-ip",
        "POST /api/auth/admin/users/u-bob/delete",
      ]),
    );
  });

  it("shows the failure toasts of ban, reset and IP ban (server message where the spec says)", async () => {
    let resetAnswer = () => new Response("", { status: 500 });
    mockFetch(({ path }) => {
      if (path === "/api/auth/admin/users") return page([view()]);
      if (path === "/api/auth/admin/users/u-bob")
        return json({ user: view(), relatedAccounts: [], bannedWithThis: [] });
      if (path.endsWith("/ban-ip")) return json({ message: "IP already banned" }, 409);
      if (path.endsWith("/reset-email")) return resetAnswer();
      return new Response("", { status: 500 });
    });
    const user = userEvent.setup();
    renderAdmin(<UsersTab />);
    await user.click(await screen.findByRole("button", { name: T.manage("bob") }));
    const dialog = await screen.findByRole("dialog", { name: "bob" });
    await user.click(await within(dialog).findByRole("button", { name: T.ban }));
    const confirm = await screen.findByRole("dialog", { name: T.banTitle("bob") });
    expect(within(confirm).getByText(T.noRelated)).toBeVisible();
    await user.click(within(confirm).getByRole("button", { name: T.banConfirm }));
    expect(await screen.findByText(M.banFailed)).toBeVisible();
    await user.click(within(confirm).getByRole("button", { name: T.cancel }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: T.banTitle("bob") })).toBeNull(),
    );

    // A failure shows the spec's toast; the hourly limit (429) says so instead.
    const resetFailures: [() => Response, string][] = [
      [() => new Response("", { status: 500 }), M.resetFailed],
      [() => json({ message: M.resetLimited }, 429), M.resetLimited],
    ];
    for (const [answer, toast] of resetFailures) {
      resetAnswer = answer;
      await user.click(within(dialog).getByRole("button", { name: T.sendReset }));
      await user.click(
        within(await screen.findByRole("dialog", { name: T.resetTitle })).getByRole("button", {
          name: T.resetConfirm,
        }),
      );
      expect(await screen.findByText(toast)).toBeVisible();
      await waitFor(() => expect(screen.queryByRole("dialog", { name: T.resetTitle })).toBeNull());
    }

    await user.click(within(dialog).getByRole("button", { name: T.banIp }));
    await user.click(
      within(await screen.findByRole("dialog", { name: T.banIpTitle })).getByRole("button", {
        name: T.banIpConfirm,
      }),
    );
    expect(await screen.findByText("IP already banned")).toBeVisible();
  });

  it("locks the admin's own role, ban and delete, and the IP ban without a login IP", async () => {
    mockFetch(({ path }) => {
      if (path === "/api/auth/admin/users") return page([view({ id: "u-me", username: "me" })]);
      if (path === "/api/auth/admin/users/u-me") {
        return json({
          user: view({ id: "u-me", _id: "u-me", username: "me", role: "Admin", lastLoginIp: null }),
          relatedAccounts: [],
          bannedWithThis: [],
        });
      }
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderAdmin(<UsersTab />, adminQueryClient());
    await user.click(await screen.findByRole("button", { name: T.manage("me") }));
    const dialog = await screen.findByRole("dialog", { name: "me" });
    expect(await within(dialog).findByText(T.ownRoleNote)).toBeVisible();
    expect(within(dialog).getByRole("combobox", { name: T.role })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(within(dialog).getByRole("button", { name: T.ban })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: T.deleteAccount })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: T.banIp })).toBeDisabled();
    expect(within(dialog).getByText(`${T.lastLoginIp}: ${T.noLoginIp}`)).toBeVisible();
  });
});
