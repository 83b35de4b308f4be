import {
  DJ_VOTES_API,
  DJ_VOTES_UI_TEXTS,
  LEADERBOARD_TEXTS as L,
  MONTH_END_TEXTS as M,
  POINTS_UI_TEXTS as P,
  POINTS_API,
  SCOREBOARD_API,
  SCOREBOARD_MESSAGES,
  SCOREBOARD_SERVER_EVENTS,
  type ScoreboardEntry,
} from "@airwave/contracts";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AppProviders,
  json,
  me,
  mockFetch,
  signedInQueryClient,
} from "../../test/fake-session.tsx";
import { LeaderboardDialog } from "./Leaderboard.tsx";
import { MonthCountdown } from "./MonthCountdown.tsx";
import { pointsRoomUi } from "./room-ui.tsx";
import { clockAt, renderInRoom, scheduleAnswer } from "./testing.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const entry = (rank: number, username: string, score: number): ScoreboardEntry => ({
  _id: `u-${username}`,
  username,
  profileimage: `/uploads/${username}.webp`,
  score,
  rank,
});

const board = [
  entry(1, "topper", 120),
  ...Array.from({ length: 49 }, (_, i) => entry(i + 2, `member${i + 2}`, 100 - i)),
];

function renderDialog() {
  render(
    <AppProviders qc={signedInQueryClient()}>
      <LeaderboardDialog open onClose={() => {}} />
    </AppProviders>,
  );
}

/** The scoreboard server: the whole board, or the entries whose name holds the search. */
function scoreboardServer(extra?: (search: string | null) => Response | undefined) {
  return mockFetch(({ path, url }) => {
    const schedule = scheduleAnswer(path);
    if (schedule) return schedule;
    if (path === SCOREBOARD_API.scoreboard) {
      const search = url.searchParams.get("search");
      const custom = extra?.(search);
      if (custom) return custom;
      return json(search ? board.filter((e) => e.username.includes(search)) : board);
    }
    if (path === POINTS_API.myPoints) return json({ points: 0 });
    if (path === DJ_VOTES_API.djVotes) return json([]);
    return json({}, 404);
  });
}

const rows = () => within(screen.getByRole("list", { name: L.title })).getAllByRole("listitem");

describe("the leaderboard dialog", () => {
  it("lists the top member highlighted and the next 49 with place, name and score; searches by name; says when nobody matches", async () => {
    clockAt("2026-11-10T12:00:00Z");
    const fetch = scoreboardServer();
    renderDialog();
    expect(await screen.findByText("topper")).toBeVisible();
    expect(rows()).toHaveLength(50);
    const top = rows()[0] as HTMLElement;
    expect(top).toHaveAttribute("data-rank", "1");
    expect(within(top).getByText(L.top)).toBeVisible();
    expect(within(top).getByLabelText(L.scoreLabel(120))).toHaveTextContent(L.score(120));
    const second = rows()[1] as HTMLElement;
    expect(within(second).getByText(L.rank(2))).toBeVisible();
    expect(within(second).getByText("member2")).toBeVisible();
    expect(within(second).queryByText(L.top)).toBeNull();
    expect(rows()[49]).toHaveTextContent("member50");

    const user = userEvent.setup();
    const search = screen.getByRole("searchbox", { name: L.searchLabel });
    expect(search).toBeEnabled();
    await user.type(search, "member4");
    await waitFor(() => expect(rows()).toHaveLength(11)); // member4, member40..member49
    expect(screen.queryByText("topper")).toBeNull();
    expect(
      fetch.mock.calls.some(([u]) => new URL(String(u)).searchParams.get("search") === "member4"),
    ).toBe(true);

    await user.clear(search);
    await user.type(search, "nobody");
    expect(await screen.findByText(SCOREBOARD_MESSAGES.noMatch)).toBeVisible();
    expect(SCOREBOARD_MESSAGES.noMatch).toBe("No members match your search.");
  });

  it("a member an admin left out of the scoreboard sees a note saying so, above the board", async () => {
    clockAt("2026-11-10T12:00:00Z");
    mockFetch(({ path }) => {
      if (path === SCOREBOARD_API.scoreboard) return json(board);
      if (path === POINTS_API.myPoints) return json({ points: 12, excludedFromScoreboard: true });
      return scheduleAnswer(path) ?? json({}, 404);
    });
    renderDialog();
    expect(await screen.findByText(L.excludedTitle)).toBeVisible();
    expect(screen.getByText(L.excludedText)).toBeVisible();
    expect(await screen.findByText("topper")).toBeVisible();
  });

  it("no note for a member on the scoreboard", async () => {
    clockAt("2026-11-10T12:00:00Z");
    scoreboardServer();
    renderDialog();
    expect(await screen.findByText("topper")).toBeVisible();
    expect(screen.queryByText(L.excludedTitle)).toBeNull();
  });

  it("closes the search from the 25th (station time) with its message", async () => {
    clockAt("2026-11-26T12:00:00Z");
    scoreboardServer();
    renderDialog();
    expect(await screen.findByText("topper")).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole("searchbox", { name: L.searchLabel })).toBeDisabled(),
    );
    expect(screen.getByText(SCOREBOARD_MESSAGES.searchClosed)).toBeVisible();
  });

  it("shows the server's refusal of a search (403 during the freeze)", async () => {
    clockAt("2026-11-24T23:59:58Z");
    scoreboardServer((search) =>
      search ? json({ message: SCOREBOARD_MESSAGES.searchClosed }, 403) : undefined,
    );
    renderDialog();
    expect(await screen.findByText("topper")).toBeVisible();
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: L.searchLabel }), "top");
    expect(await screen.findByRole("alert")).toHaveTextContent(SCOREBOARD_MESSAGES.searchClosed);
  });

  it("re-reads the board when the room says a new month started (scoreboard-reset)", async () => {
    clockAt("2026-11-10T12:00:00Z");
    let current = board;
    mockFetch(({ path }) => {
      const schedule = scheduleAnswer(path);
      if (schedule) return schedule;
      if (path === SCOREBOARD_API.scoreboard) return json(current);
      if (path === POINTS_API.myPoints) return json({ points: 0 });
      return json({}, 404);
    });
    const Header = pointsRoomUi.header;
    if (!Header) throw new Error("points has a header");
    const { socket, client } = await renderInRoom(<Header me={me} mobile={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: L.open }));
    expect(await screen.findByText("topper")).toBeVisible();
    current = [];
    act(() =>
      socket.serverSends(SCOREBOARD_SERVER_EVENTS.scoreboardReset, {
        month: "2026-12",
        at: "2026-12-01T00:00:00.000Z",
      }),
    );
    expect(await screen.findByText(L.empty)).toBeVisible();
    expect(screen.queryByText("topper")).toBeNull();
    client.dispose();
  });
});

describe("the points menu on a phone", () => {
  it("in the freeze shows the frozen chip in the header itself (issue 29), not in the menu", async () => {
    clockAt("2026-11-26T12:00:00Z");
    scoreboardServer();
    const Header = pointsRoomUi.header;
    if (!Header) throw new Error("points has a header");
    const { client } = await renderInRoom(<Header me={me} mobile />);
    const chip = await screen.findByRole("timer");
    expect(chip).toHaveTextContent(M.untilNewMonth("4d 12h"));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: L.open }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).queryByRole("timer")).toBeNull();
    client.dispose();
  });

  it("groups the leaderboard and the countdown to the 25th in one menu", async () => {
    clockAt("2026-11-10T12:00:00Z");
    scoreboardServer();
    const Header = pointsRoomUi.header;
    if (!Header) throw new Error("points has a header");
    const { client } = await renderInRoom(<Header me={me} mobile />);
    // On a phone no countdown chip in the header itself before the freeze.
    expect(screen.queryByRole("timer")).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: L.open }));
    const menu = await screen.findByRole("menu");
    expect(await within(menu).findByRole("timer")).toHaveTextContent(M.untilFreeze("14d 12h"));
    // The number alone in the chip, its label saying what it is.
    expect(screen.getByLabelText(P.myPointsLabel(0))).toHaveTextContent(P.myPointsShort(0));
    await user.click(within(menu).getByRole("menuitem", { name: L.open }));
    const board = await screen.findByRole("dialog", { name: L.title });
    expect(await screen.findByText("topper")).toBeVisible();
    await user.click(within(board).getByRole("button", { name: L.close }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The DJ votes are in the same menu on a phone.
    await user.click(screen.getByRole("button", { name: L.open }));
    await user.click(await screen.findByRole("menuitem", { name: DJ_VOTES_UI_TEXTS.open }));
    expect(await screen.findByRole("dialog", { name: DJ_VOTES_UI_TEXTS.title })).toBeVisible();
    expect(await screen.findByText(DJ_VOTES_UI_TEXTS.noDjs)).toBeVisible();
    client.dispose();
  });
});

describe("the month-end countdown", () => {
  function renderCountdown() {
    mockFetch(({ path }) => scheduleAnswer(path) ?? json({}, 404));
    render(
      <AppProviders qc={signedInQueryClient()}>
        <MonthCountdown />
      </AppProviders>,
    );
  }

  it("before the 25th counts down to the 25th, station time", async () => {
    clockAt("2026-11-10T12:00:00Z");
    renderCountdown();
    expect(await screen.findByRole("timer")).toHaveTextContent(M.untilFreeze("14d 12h"));
  });

  it("from the 25th counts down to the 1st (in summer time: the 1st at 00:00 BST)", async () => {
    clockAt("2026-08-31T21:30:00Z"); // 22:30 BST, 31 August: 1h 30m to 1 September 00:00 BST.
    renderCountdown();
    expect(await screen.findByRole("timer")).toHaveTextContent(M.untilNewMonth("1h 30m"));
  });
});
