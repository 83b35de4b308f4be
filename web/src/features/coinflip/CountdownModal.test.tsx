import {
  COINFLIP_LIMITS,
  COINFLIP_MESSAGES as M,
  COINFLIP_SERVER_EVENTS as OUT,
  POINTS_UI_TEXTS as P,
  COINFLIP_UI_TEXTS as T,
} from "@airwave/contracts";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { me } from "../../test/fake-session.tsx";
import { serverAnswers } from "../arcade/test-utils.ts";
import { stubReducedMotion } from "../effects/testing/fake-socket.ts";
import { MyPoints } from "../points/MyPoints.tsx";
import { CoinflipOverlay } from "./CoinflipOverlay.tsx";
import { alice, bob, offer, renderInRoom } from "./test-utils.tsx";

const NOW = new Date("2026-03-10T12:00:00Z");
const startAt = new Date(NOW.getTime() + COINFLIP_LIMITS.countdownMs).toISOString();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const closeButton = () => screen.getByRole("button", { name: T.close });

/** Bob's offer on heads for 10, accepted by the member (or by carol when `opponent` says so). */
const accepted = (opponent = alice) => offer({ state: "accepted", opponent, startAt });

const settled = (face: "heads" | "tails", winnerId: string) =>
  offer({ state: "settled", opponent: alice, startAt, face, winnerId });

/** The overlay with the header's points chip (which shares the member's points query). */
async function overlay(points = { now: 40 }) {
  serverAnswers(() => points.now);
  return renderInRoom(
    <>
      <MyPoints meId={me._id} />
      <CoinflipOverlay me={me} mobile={false} />
    </>,
  );
}

describe("CountdownModal", () => {
  it("counts down 10 s, spins at least 1.6 s even with the result there, then shows the face, the win and the points", async () => {
    const points = { now: 40 };
    const { send } = await overlay(points);
    await vi.waitFor(() => expect(screen.getByText(P.myPoints(40))).toBeVisible());
    send(OUT.offer, offer());
    send(OUT.accepted, accepted());

    expect(screen.getByRole("dialog")).toBeVisible();
    expect(screen.getByText(T.countdown(10))).toBeVisible();
    expect(closeButton()).toBeDisabled();
    advance(3_000);
    expect(screen.getByText(T.countdown(7))).toBeVisible();
    advance(7_000);

    // The server starts the flip and settles it at once: the coin still spins 1.6 s.
    send(OUT.start, accepted());
    send(OUT.result, {
      offer: settled("tails", alice.id),
      results: {
        [alice.id]: { wager: 10, outcome: "win", face: "tails", pointsBefore: 40, pointsAfter: 50 },
        [bob.id]: { wager: 10, outcome: "lose", face: "tails", pointsBefore: 30, pointsAfter: 20 },
      },
    });
    expect(screen.getByText(T.spinning)).toBeVisible();
    const coin = screen.getByRole("img", { name: T.spinning });
    expect(coin).toHaveAttribute("data-spinning", "true");
    expect(coin).toHaveAttribute("data-motion", "animated");
    expect(screen.queryByText(T.landed(T.faces.tails))).toBeNull();
    expect(closeButton()).toBeDisabled();
    advance(COINFLIP_LIMITS.minSpinMs - 200);
    expect(screen.queryByText(T.landed(T.faces.tails))).toBeNull();
    expect(closeButton()).toBeDisabled();

    points.now = 50;
    advance(300);
    expect(screen.getByText(T.landed(T.faces.tails))).toBeVisible();
    expect(screen.getByText(T.youWon(10))).toBeVisible();
    expect(screen.getByText(T.pointsBeforeAfter(40, 50))).toBeVisible();
    expect(screen.getByRole("img", { name: T.faces.tails })).toHaveAttribute("data-face", "tails");
    // The member's points are read again once the face shows.
    await vi.waitFor(() => expect(screen.getByText(P.myPoints(50))).toBeVisible());

    expect(closeButton()).toBeEnabled();
    fireEvent.click(closeButton());
    await advance(500);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("spins after the countdown while the server has not answered, and shows the loss when it does", async () => {
    stubReducedMotion(true);
    const { send } = await overlay();
    send(OUT.accepted, offer({ state: "accepted", initiator: alice, opponent: bob, startAt }));
    advance(COINFLIP_LIMITS.countdownMs + 5_000);
    expect(screen.getByText(T.spinning)).toBeVisible();
    // Reduced motion: the coin stays still while flipping.
    expect(screen.getByRole("img", { name: T.spinning })).toHaveAttribute("data-motion", "still");
    expect(closeButton()).toBeDisabled();
    send(OUT.result, {
      offer: offer({
        state: "settled",
        initiator: alice,
        opponent: bob,
        startAt,
        face: "tails",
        winnerId: bob.id,
      }),
      results: {
        [alice.id]: {
          wager: 10,
          outcome: "lose",
          face: "tails",
          pointsBefore: 30,
          pointsAfter: 20,
        },
      },
    });
    // The spin began with the countdown's end, long enough ago: the face shows at the next tick.
    advance(200);
    expect(screen.getByText(T.youLost(10))).toBeVisible();
    expect(screen.getByText(T.pointsBeforeAfter(30, 20))).toBeVisible();
    expect(closeButton()).toBeEnabled();
  });

  it("opens again for a player who comes back during the countdown (the offers sent on joining)", async () => {
    const { send } = await overlay();
    advance(4_000);
    send(OUT.offers, { offers: [offer({ offerId: "cf-0", state: "settled" }), accepted()] });
    expect(screen.getByRole("dialog")).toBeVisible();
    expect(screen.getByText(T.countdown(6))).toBeVisible();
    expect(closeButton()).toBeDisabled();
  });

  it("does not reopen from the room's feed once the flip is settled (events may cross)", async () => {
    const { send } = await overlay();
    send(OUT.accepted, accepted());
    advance(COINFLIP_LIMITS.countdownMs + COINFLIP_LIMITS.minSpinMs);
    send(OUT.result, {
      offer: settled("tails", alice.id),
      results: {
        [alice.id]: { wager: 10, outcome: "win", face: "tails", pointsBefore: 40, pointsAfter: 50 },
      },
    });
    advance(200);
    expect(screen.getByText(T.youWon(10))).toBeVisible();
    fireEvent.click(closeButton());
    expect(screen.queryByRole("dialog")).toBeNull();
    // The feed's older view of the same flip arrives late: nothing opens again.
    send(OUT.offers, { offers: [accepted()] });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens only for the two players", async () => {
    const { send } = await overlay();
    send(OUT.accepted, accepted({ id: "u-carol", username: "carol" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    send(OUT.start, accepted({ id: "u-carol", username: "carol" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the server's coin-flip-error, and the default text when it has none", async () => {
    const { send } = await overlay();
    send(OUT.error, { message: M.alreadyActive });
    expect(screen.getByText(M.alreadyActive)).toBeVisible();
    send(OUT.error, {});
    expect(screen.getByText(M.error)).toBeVisible();
  });
});
