import { type BannedIpView, IP_BAN_MESSAGES } from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { calls, json, mockFetch, renderAdmin } from "../test-utils.tsx";
import { IpBansTab } from "./IpBansTab.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = "/api/auth/admin/ip-bans";

const ban = (ip: string, over: Partial<BannedIpView> = {}): BannedIpView => ({
  ip,
  bannedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  bannedBy: "u-admin",
  bannedByUsername: "root",
  reason: "Spam bots",
  bannedUsers: [],
  affectedUsers: 0,
  ...over,
});

/** A fake server holding `bans` (newest first), paging 10 and searching by substring. */
function fakeServer(initial: BannedIpView[]) {
  let bans = [...initial];
  const fetch = mockFetch(({ path, method, body, url }) => {
    if (path === LIST && method === "GET") {
      const search = url.searchParams.get("search") ?? "";
      const page = Number(url.searchParams.get("page") ?? "1");
      const matching = bans.filter((b) => b.ip.includes(search));
      return json({
        bannedIPs: matching.slice((page - 1) * 10, page * 10),
        total: matching.length,
        page,
        pageSize: 10,
      });
    }
    if (path === LIST && method === "POST") {
      const { ip, reason } = body as { ip: string; reason?: string };
      if (bans.some((b) => b.ip === ip)) return json({ message: "IP already banned" }, 409);
      bans = [ban(ip, { reason: reason ?? "Admin ban" }), ...bans];
      return json({ ok: true, ban: { ip, reason: reason ?? "Admin ban", userId: null } });
    }
    if (path.startsWith(`${LIST}/`) && method === "DELETE") {
      const ip = decodeURIComponent(path.slice(LIST.length + 1));
      bans = bans.filter((b) => b.ip !== ip);
      return json({ ok: true });
    }
    return json({ message: "unexpected" }, 500);
  });
  return { fetch, bans: () => bans };
}

const rowIps = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((r) => within(r).getAllByRole("cell")[0]?.textContent);

describe("IpBansTab", () => {
  it("shows each banned IP with reason, admin, time, banned users and affected count, 10 a page", async () => {
    const bans = Array.from({ length: 12 }, (_, i) => ban(`192.0.2.${i}`));
    bans[0] = ban("192.0.2.0", {
      bannedUsers: [
        { username: "mallory", bannedAt: new Date().toISOString() },
        { username: "trudy", bannedAt: null },
      ],
      affectedUsers: 3,
      bannedByUsername: null,
    });
    const { fetch } = fakeServer(bans);
    const user = userEvent.setup();
    renderAdmin(<IpBansTab />);

    const first = await screen.findByRole("row", { name: "192.0.2.0" });
    const cells = within(first).getAllByRole("cell");
    expect(cells.map((c) => c.textContent)).toEqual([
      "192.0.2.0",
      "Spam bots",
      IP_BAN_MESSAGES.unknownAdmin,
      "5m ago",
      "mallorytrudy",
      "3",
      "",
    ]);
    expect(within(screen.getByRole("row", { name: "192.0.2.1" })).getByText("root")).toBeVisible();
    expect(within(screen.getByRole("row", { name: "192.0.2.1" })).getByText("None")).toBeVisible();
    expect(rowIps()).toHaveLength(10);
    expect(screen.getByText("1–10 of 12")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Go to next page" }));
    await waitFor(() => expect(rowIps()).toEqual(["192.0.2.10", "192.0.2.11"]));
    expect(calls(fetch).filter((c) => c === `GET ${LIST}`)).toHaveLength(2);
  });

  it("searches by IP and says when nothing matches", async () => {
    const { fetch } = fakeServer([ban("203.0.113.5"), ban("198.51.100.7")]);
    const user = userEvent.setup();
    renderAdmin(<IpBansTab />);
    await screen.findByRole("row", { name: "203.0.113.5" });

    await user.type(screen.getByRole("textbox", { name: "Search by IP" }), "198.51");
    await waitFor(() => expect(rowIps()).toEqual(["198.51.100.7"]));
    const searched = fetch.mock.calls
      .map(([input]) => new URL(String(input), window.location.origin))
      .filter((u) => u.pathname === LIST)
      .map((u) => u.searchParams.get("search"));
    expect(searched).toContain("198.51");

    await user.clear(screen.getByRole("textbox", { name: "Search by IP" }));
    await user.type(screen.getByRole("textbox", { name: "Search by IP" }), "10.9");
    expect(await screen.findByText(IP_BAN_MESSAGES.noMatches)).toBeVisible();
  });

  it("says so when there are no banned IPs, and offers a retry when loading fails", async () => {
    fakeServer([]);
    renderAdmin(<IpBansTab />);
    expect(await screen.findByText(IP_BAN_MESSAGES.noBans)).toBeVisible();
    cleanup();

    let fail = true;
    mockFetch(() =>
      fail
        ? json({}, 500)
        : json({ bannedIPs: [ban("192.0.2.9")], total: 1, page: 1, pageSize: 10 }),
    );
    const user = userEvent.setup();
    renderAdmin(<IpBansTab />);
    expect(await screen.findByText(IP_BAN_MESSAGES.loadFailed)).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("row", { name: "192.0.2.9" })).toBeVisible();
  });

  it("bans an IP from the dialog: required, format, default reason, then 'IP Banned' and the new row", async () => {
    const { fetch, bans } = fakeServer([ban("192.0.2.1")]);
    const user = userEvent.setup();
    renderAdmin(<IpBansTab />);
    await screen.findByRole("row", { name: "192.0.2.1" });

    await user.click(screen.getByRole("button", { name: "Ban IP" }));
    const dialog = await screen.findByRole("dialog", { name: IP_BAN_MESSAGES.dialogTitle });
    const reason = within(dialog).getByRole("textbox", { name: "Reason" });
    expect(reason).toHaveAttribute("placeholder", "Admin ban");

    await user.click(within(dialog).getByRole("button", { name: "Ban" }));
    expect(within(dialog).getByText("IP is required")).toBeVisible();

    const ipField = within(dialog).getByRole("textbox", { name: /IP address/ });
    await user.type(ipField, "203.0.113.300");
    await user.click(within(dialog).getByRole("button", { name: "Ban" }));
    expect(within(dialog).getByText("Invalid IP format")).toBeVisible();
    expect(calls(fetch)).not.toContain(`POST ${LIST}`);

    await user.clear(ipField);
    await user.type(ipField, "203.0.113.30");
    await user.click(within(dialog).getByRole("button", { name: "Ban" }));
    expect(await screen.findByText("IP Banned")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bans()[0]).toMatchObject({ ip: "203.0.113.30", reason: "Admin ban" });
    expect(await screen.findByRole("row", { name: "203.0.113.30" })).toBeVisible();
  });

  it("sends the typed reason and shows the server's refusal of a duplicate, keeping the dialog open", async () => {
    const { fetch } = fakeServer([ban("192.0.2.1")]);
    const user = userEvent.setup();
    renderAdmin(<IpBansTab />);
    await screen.findByRole("row", { name: "192.0.2.1" });

    await user.click(screen.getByRole("button", { name: "Ban IP" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /IP address/ }), "192.0.2.1");
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Again");
    await user.click(within(dialog).getByRole("button", { name: "Ban" }));
    expect(await screen.findByText("IP already banned")).toBeVisible();
    expect(screen.getByRole("dialog")).toBeVisible();
    const post = fetch.mock.calls.find(
      ([input, init]) =>
        String(input).includes(LIST) && (init as RequestInit | undefined)?.method === "POST",
    );
    expect(JSON.parse(String((post?.[1] as RequestInit | undefined)?.body))).toEqual({
      ip: "192.0.2.1",
      reason: "Again",
    });
  });

  it("toasts 'Failed to ban IP' when the server gives no message", async () => {
    mockFetch(({ method }) =>
      method === "POST"
        ? new Response("", { status: 502 })
        : json({ bannedIPs: [], total: 0, page: 1, pageSize: 10 }),
    );
    const user = userEvent.setup();
    renderAdmin(<IpBansTab />);
    await user.click(await screen.findByRole("button", { name: "Ban IP" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /IP address/ }), "192.0.2.8");
    await user.click(within(dialog).getByRole("button", { name: "Ban" }));
    expect(await screen.findByText("Failed to ban IP")).toBeVisible();
  });

  it("unbans after a confirmation: DELETE, 'IP Unbanned', and the row is gone", async () => {
    const { fetch } = fakeServer([ban("192.0.2.1"), ban("192.0.2.2")]);
    const user = userEvent.setup();
    renderAdmin(<IpBansTab />);
    await screen.findByRole("row", { name: "192.0.2.1" });

    await user.click(screen.getByRole("button", { name: "Unban 192.0.2.1" }));
    const confirm = await screen.findByRole("dialog", { name: IP_BAN_MESSAGES.unbanTitle });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls(fetch)).not.toContain(`DELETE ${LIST}/192.0.2.1`);

    await user.click(screen.getByRole("button", { name: "Unban 192.0.2.1" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: IP_BAN_MESSAGES.unbanTitle })).getByRole(
        "button",
        { name: "Unban" },
      ),
    );
    expect(await screen.findByText("IP Unbanned")).toBeVisible();
    await waitFor(() => expect(rowIps()).toEqual(["192.0.2.2"]));
    expect(calls(fetch)).toContain(`DELETE ${LIST}/192.0.2.1`);
  });

  it("toasts the server's message or 'Failed to unban IP' when an unban fails", async () => {
    let answer = json({ message: "IP is not banned" }, 404);
    mockFetch(({ method }) =>
      method === "DELETE"
        ? answer
        : json({ bannedIPs: [ban("192.0.2.1")], total: 1, page: 1, pageSize: 10 }),
    );
    const user = userEvent.setup();
    renderAdmin(<IpBansTab />);
    const unbanOnce = async () => {
      await user.click(await screen.findByRole("button", { name: "Unban 192.0.2.1" }));
      await user.click(
        within(await screen.findByRole("dialog")).getByRole("button", { name: "Unban" }),
      );
    };
    await unbanOnce();
    expect(await screen.findByText("IP is not banned")).toBeVisible();
    answer = new Response("", { status: 500 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await unbanOnce();
    expect(await screen.findByText("Failed to unban IP")).toBeVisible();
  });
});
