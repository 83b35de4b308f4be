import { createHash } from "node:crypto";
import {
  COINFLIP_UI_TEXTS as A,
  ROULETTE_CLIENT_EVENTS as IN,
  ROULETTE_MESSAGES as M,
  MONTH_END_TEXTS,
  numberFromSeed,
  ROULETTE_SERVER_EVENTS as OUT,
  ROULETTE_LIMITS,
  type RouletteHistoryEntry,
  type RouletteState,
  ROULETTE_UI_TEXTS as T,
} from "@airwave/contracts";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { me } from "../../test/fake-session.tsx";
import { ArcadeButton } from "../arcade/ArcadeButton.tsx";
import { onAnOpenDay, serverAnswers } from "../arcade/test-utils.ts";
import { renderInRoom } from "../chat/room/testing.tsx";
import { RouletteOverlay } from "./RouletteOverlay.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

const state = (over: Partial<RouletteState> = {}): RouletteState => ({
  roundId: "r-1",
  status: "waiting",
  seedHash: sha("secret"),
  bettingEndsAt: null,
  resultAt: null,
  resetAt: null,
  number: null,
  seed: null,
  players: [],
  history: [],
  yourBets: [],
  ...over,
});

/** The header's arcade button and the roulette overlay, the member holding `points`. */
async function openRoulette(points = 100, tile: RegExp = new RegExp(`^${A.rouletteName}`)) {
  serverAnswers(() => points);
  const rendered = await renderInRoom(
    <>
      <ArcadeButton me={me} mobile={false} />
      <RouletteOverlay me={me} mobile={false} />
    </>,
  );
  fireEvent.click(screen.getByRole("button", { name: A.arcadeOpen }));
  fireEvent.click(await screen.findByRole("button", { name: tile }));
  expect(rendered.socket.emit).toHaveBeenCalledWith(IN.joinSpectate);
  return rendered;
}

const dialog = () => screen.getByRole("dialog", { name: T.title });
const betOn = (label: string) =>
  within(dialog()).getByRole("button", { name: new RegExp(`^${T.betOn(label)}`) });

describe("the roulette modal", () => {
  beforeEach(onAnOpenDay);

  it("opens from the arcade; chips on positions, Join sends the bets; once joined, no clearing or joining again", async () => {
    const { socket, send } = await openRoulette(100);
    send(OUT.state, state());
    expect(within(dialog()).getByRole("status")).toHaveTextContent(T.statusWaiting);
    await screen.findByText(T.yourPoints(100));
    const join = within(dialog()).getByRole("button", { name: T.join });
    expect(join).toBeDisabled();

    fireEvent.click(within(dialog()).getByRole("button", { name: T.chip(25) }));
    fireEvent.click(betOn("17"));
    fireEvent.click(betOn("17"));
    fireEvent.click(within(dialog()).getByRole("button", { name: T.chip(10) }));
    fireEvent.click(betOn(T.betLabels.red));
    fireEvent.click(betOn(T.betLabels.column(1)));
    expect(screen.getByText(T.totalBet(70))).toBeVisible();
    expect(betOn("17")).toHaveAccessibleName(`${T.betOn("17")} (50)`);

    fireEvent.click(within(dialog()).getByRole("button", { name: T.clear }));
    expect(screen.getByText(T.totalBet(0))).toBeVisible();
    fireEvent.click(betOn(T.betLabels.dozen(2)));
    fireEvent.click(betOn("0"));
    fireEvent.click(join);
    expect(socket.emit).toHaveBeenCalledWith(IN.placeBets, {
      bets: [
        { type: "dozen", value: 2, amount: 10 },
        { type: "number", value: 0, amount: 10 },
      ],
    });

    send(OUT.betsConfirmed, {
      roundId: "r-1",
      bets: [
        { type: "dozen", value: 2, amount: 10 },
        { type: "number", value: 0, amount: 10 },
      ],
      totalBet: 20,
      points: 80,
    });
    expect(screen.getByText(T.joined)).toBeVisible();
    expect(within(dialog()).getByRole("button", { name: T.join })).toBeDisabled();
    expect(within(dialog()).getByRole("button", { name: T.clear })).toBeDisabled();
    expect(betOn("5")).toBeDisabled();
    // Many clicks through MUI: more than the default 5 s on a loaded machine (5.6 s seen once).
  }, 20_000);

  it("'Insufficient points!' when a chip would take the total above the member's points", async () => {
    const { socket, send } = await openRoulette(30);
    send(OUT.state, state());
    await screen.findByText(T.yourPoints(30));
    fireEvent.click(within(dialog()).getByRole("button", { name: T.chip(25) }));
    fireEvent.click(betOn(T.betLabels.black));
    fireEvent.click(betOn(T.betLabels.odd));
    expect(await screen.findByText(M.insufficientPoints)).toBeVisible();
    expect(screen.getByText(T.totalBet(25))).toBeVisible();
    expect(socket.emit).not.toHaveBeenCalledWith(IN.placeBets, expect.anything());
  });

  it("counts down, spins, shows the result and the member's win, and clears the banner 3 s after the reset", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = Date.now();
    const { send } = await openRoulette(100);
    send(
      OUT.state,
      state({
        status: "betting",
        bettingEndsAt: new Date(now + 30_000).toISOString(),
        yourBets: [{ type: "number", value: 17, amount: 10 }],
        players: [{ userId: me._id, username: me.username, profileimage: "", totalBet: 10 }],
      }),
    );
    expect(within(dialog()).getByRole("status")).toHaveTextContent(T.statusBetting(30));
    expect(within(dialog()).getByText(T.playerTotal(10))).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(within(dialog()).getByRole("status")).toHaveTextContent(T.statusBetting(20));

    send(OUT.spin, {
      roundId: "r-1",
      number: 17,
      resultAt: new Date(Date.now() + ROULETTE_LIMITS.spinMs).toISOString(),
    });
    expect(within(dialog()).getByRole("status")).toHaveTextContent(T.statusSpinning);
    expect(within(dialog()).getByRole("img", { name: T.wheel })).toBeVisible();

    send(OUT.result, {
      roundId: "r-1",
      number: 17,
      seed: "secret",
      seedHash: sha("secret"),
      resetAt: new Date(Date.now() + ROULETTE_LIMITS.resetMs).toISOString(),
      winAmounts: { [me._id]: 360 },
    });
    expect(within(dialog()).getByRole("img", { name: `${T.wheel}: 17` })).toBeVisible();
    expect(screen.getByText(T.lastResult(17, T.colors.black))).toBeVisible();
    expect(screen.getByText(T.youWon(360))).toBeVisible();

    send(OUT.state, state({ roundId: "r-2", seedHash: sha("next") }));
    expect(screen.getByText(T.lastResult(17, T.colors.black))).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(ROULETTE_LIMITS.bannerClearMs));
    expect(screen.queryByText(T.lastResult(17, T.colors.black))).toBeNull();
    expect(within(dialog()).getByRole("status")).toHaveTextContent(T.statusWaiting);
  });
});

describe("the verify view", () => {
  beforeEach(onAnOpenDay);

  it("recomputes each round's hash and number in the browser: ✓ for an honest round, ✗ for a forged one", async () => {
    const honestSeed = "a1".repeat(32);
    const honest: RouletteHistoryEntry = {
      roundId: "h-1",
      number: await numberFromSeed(honestSeed),
      seed: honestSeed,
      seedHash: sha(honestSeed),
      finishedAt: "2026-07-10T12:00:00.000Z",
    };
    const forgedSeed = "b2".repeat(32);
    const derived = await numberFromSeed(forgedSeed);
    const forged: RouletteHistoryEntry = {
      roundId: "h-2",
      number: (derived + 1) % 37,
      seed: forgedSeed,
      seedHash: sha("another seed"),
      finishedAt: "2026-07-10T11:00:00.000Z",
    };
    const { send } = await openRoulette(100);
    send(OUT.state, state({ history: [honest, forged] }));
    fireEvent.click(within(dialog()).getByRole("tab", { name: T.tabVerify }));
    expect(screen.getByText(sha("secret"))).toBeVisible();

    const rounds = await screen.findAllByTestId("verify-round");
    expect(rounds).toHaveLength(2);
    const [first, second] = rounds as [HTMLElement, HTMLElement];
    expect(await within(first).findByText(`✓ ${T.hashMatches}`)).toBeVisible();
    expect(within(first).getByText(`✓ ${T.numberMatches(honest.number)}`)).toBeVisible();
    expect(await within(second).findByText(`✗ ${T.hashDiffers}`)).toBeVisible();
    expect(within(second).getByText(`✗ ${T.numberDiffers(derived)}`)).toBeVisible();
  });
});

describe("the roulette modal in the month-end freeze", () => {
  it("shows its closed state only: no 'Place your bets', the board and Join disabled", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-27T12:00:00Z"));
    const { send } = await openRoulette(
      100,
      new RegExp(`^${A.rouletteName}\\s*${MONTH_END_TEXTS.closedMark}`),
    );
    send(OUT.state, state());
    const status = within(dialog()).getByRole("status");
    expect(status).toHaveTextContent(MONTH_END_TEXTS.closedMark);
    expect(within(dialog()).queryByText(T.statusWaiting)).toBeNull();
    expect(within(dialog()).getByText(M.closed)).toBeVisible();
    expect(within(dialog()).getByRole("button", { name: T.join })).toBeDisabled();
    expect(betOn("17")).toBeDisabled();
  });
});
