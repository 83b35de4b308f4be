import {
  DJ_VOTE_LIMITS,
  DJ_VOTE_MESSAGES,
  DJ_VOTES_API,
  DJ_VOTES_SERVER_EVENTS,
  type DjVoteEntry,
  SCOREBOARD_SERVER_EVENTS,
  DJ_VOTES_UI_TEXTS as T,
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
import { clockAt, renderInRoom, scheduleAnswer } from "../points/testing.tsx";
import { DjVotesDialog } from "./DjVotesDialog.tsx";
import { djVotesRoomUi } from "./room-ui.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const dj = (name: string, votes: string[]): DjVoteEntry => ({
  dj: name,
  djId: `u-${name}`,
  votes,
  profileimage: `/uploads/${name}.webp`,
});

/** A DJ votes server: the list as it is, and POST /voteDj answered by `onVote`. */
function djServer(
  list: () => DjVoteEntry[],
  onVote: (djName: string) => Response = () => json({}, 404),
) {
  return mockFetch(({ path, method, body }) => {
    const schedule = scheduleAnswer(path);
    if (schedule) return schedule;
    if (path === DJ_VOTES_API.djVotes) return json(list());
    if (path === DJ_VOTES_API.voteDj && method === "POST")
      return onVote((body as { djName: string }).djName);
    return json({}, 404);
  });
}

function renderDialog(meId = me._id) {
  render(
    <AppProviders qc={signedInQueryClient()}>
      <DjVotesDialog open onClose={() => {}} meId={meId} />
    </AppProviders>,
  );
}

const rowOf = (name: string) =>
  within(screen.getByRole("list", { name: T.title }))
    .getAllByRole("listitem")
    .find((li) => within(li).queryByText(name)) as HTMLElement;

describe("the DJ votes dialog", () => {
  it("lists every DJ with picture, name and votes; a vote is sent, says 'Vote submitted' and the votes left follow", async () => {
    clockAt("2026-11-10T12:00:00Z");
    let list = [dj("nova", ["u-x", "u-y"]), dj("echo", [me._id]), dj("quiet", [])];
    const fetch = djServer(
      () => list,
      (name) => {
        list = list.map((e) => (e.dj === name ? { ...e, votes: [...e.votes, me._id] } : e));
        return json({ message: DJ_VOTE_MESSAGES.voted, votesLeft: 0 });
      },
    );
    renderDialog();
    expect(await screen.findByText("nova")).toBeVisible();
    expect(within(rowOf("nova")).getByText(T.votes(2))).toBeVisible();
    expect(within(rowOf("echo")).getByText(T.votes(1))).toBeVisible();
    expect(within(rowOf("quiet")).getByText(T.votes(0))).toBeVisible();
    expect(rowOf("nova").querySelector("img")).toHaveAttribute("src", "/uploads/nova.webp");
    expect(screen.getByText(T.votesLeft(DJ_VOTE_LIMITS.votesPerMonth - 1))).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: T.voteFor("nova") }));
    expect(await screen.findByText(DJ_VOTE_MESSAGES.voted)).toBeVisible();
    const posts = fetch.mock.calls.filter(([u]) => String(u).endsWith(DJ_VOTES_API.voteDj));
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ djName: "nova" });
    // The list is read again: nova has 3 votes, none left, every vote button off.
    expect(await within(rowOf("nova")).findByText(T.votes(3))).toBeVisible();
    expect(screen.getByText(T.votesLeft(0))).toBeVisible();
    for (const name of ["nova", "echo", "quiet"])
      expect(screen.getByRole("button", { name: T.voteFor(name) })).toBeDisabled();
  });

  it("never offers a vote for oneself", async () => {
    clockAt("2026-11-10T12:00:00Z");
    djServer(() => [dj("alice", []), dj("nova", [])]);
    renderDialog("u-alice");
    expect(await screen.findByText("alice")).toBeVisible();
    expect(screen.queryByRole("button", { name: T.voteFor("alice") })).toBeNull();
    expect(within(rowOf("alice")).getByText(T.you)).toBeVisible();
    expect(screen.getByRole("button", { name: T.voteFor("nova") })).toBeEnabled();
  });

  it("a refused vote shows 'Vote Failed' with the server's message, or the spec's own when it says nothing", async () => {
    clockAt("2026-11-10T12:00:00Z");
    let answer = json({ message: DJ_VOTE_MESSAGES.noVotesLeft }, 409);
    djServer(
      () => [dj("nova", [])],
      () => answer,
    );
    renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: T.voteFor("nova") }));
    let alert = await screen.findByRole("alert");
    expect(within(alert).getByText(DJ_VOTE_MESSAGES.voteFailedTitle)).toBeVisible();
    expect(alert).toHaveTextContent(DJ_VOTE_MESSAGES.noVotesLeft);
    expect(DJ_VOTE_MESSAGES.voteFailedTitle).toBe("Vote Failed");

    answer = new Response("", { status: 502 });
    await user.click(screen.getByRole("button", { name: T.voteFor("nova") }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(DJ_VOTE_MESSAGES.voteFailedFallback),
    );
    alert = screen.getByRole("alert");
    expect(within(alert).getByText(DJ_VOTE_MESSAGES.voteFailedTitle)).toBeVisible();
    expect(DJ_VOTE_MESSAGES.voteFailedFallback).toBe(
      "An error occurred while submitting your vote",
    );
  });

  it("says 'No DJs found.' when there is none", async () => {
    clockAt("2026-11-10T12:00:00Z");
    djServer(() => []);
    renderDialog();
    expect(await screen.findByText(T.noDjs)).toBeVisible();
    expect(T.noDjs).toBe("No DJs found.");
  });

  it("from the 25th (station time) voting is closed, with a countdown to the 1st", async () => {
    clockAt("2026-11-26T12:00:00Z");
    djServer(() => [dj("nova", [])]);
    renderDialog();
    expect(await screen.findByText("nova")).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: T.voteFor("nova") })).toBeDisabled(),
    );
    expect(screen.getByText(DJ_VOTE_MESSAGES.votingClosed, { exact: false })).toBeVisible();
    expect(screen.getByRole("timer")).toHaveTextContent(T.closedUntil("4d 12h"));
  });

  it("the header's button opens the dialog; djvotes-reset and another member's vote re-read the votes", async () => {
    clockAt("2026-11-10T12:00:00Z");
    let list = [dj("nova", [me._id, "u-x"])];
    djServer(() => list);
    const Header = djVotesRoomUi.header;
    if (!Header) throw new Error("dj-votes has a header");
    const { socket, client } = await renderInRoom(<Header me={me} mobile={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: T.open }));
    expect(await screen.findByRole("dialog", { name: T.title })).toBeVisible();
    expect(await within(rowOf("nova")).findByText(T.votes(2))).toBeVisible();
    list = [dj("nova", [])];
    act(() =>
      socket.serverSends(SCOREBOARD_SERVER_EVENTS.djVotesReset, {
        month: "2026-12",
        at: "2026-12-01T00:00:00.000Z",
      }),
    );
    expect(await within(rowOf("nova")).findByText(T.votes(0))).toBeVisible();
    expect(screen.getByText(T.votesLeft(DJ_VOTE_LIMITS.votesPerMonth))).toBeVisible();
    // Another member's vote: the open dialog reads the counts again.
    list = [dj("nova", ["u-y"])];
    act(() => socket.serverSends(DJ_VOTES_SERVER_EVENTS.changed, { month: "2026-12" }));
    expect(await within(rowOf("nova")).findByText(T.votes(1))).toBeVisible();
    client.dispose();
  });

  it("leaves its header button out on a phone (the points menu holds it)", async () => {
    djServer(() => []);
    const Header = djVotesRoomUi.header;
    if (!Header) throw new Error("dj-votes has a header");
    const { client } = await renderInRoom(<Header me={me} mobile />);
    expect(screen.queryByRole("button", { name: T.open })).toBeNull();
    client.dispose();
  });
});
