import {
  COINFLIP_CLIENT_EVENTS as IN,
  COINFLIP_MESSAGES as M,
  COINFLIP_SERVER_EVENTS as OUT,
  COINFLIP_UI_TEXTS as T,
} from "@airwave/contracts";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { me } from "../../test/fake-session.tsx";
import { serverAnswers } from "../arcade/test-utils.ts";
import { chatMessage } from "../chat/test-utils.ts";
import { OfferCard } from "./OfferCard.tsx";
import { alice, bob, offer, renderInRoom } from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const NOW = new Date("2026-03-10T12:00:00Z");
/** The test offer expires at 12:01:00 (test-utils), a minute after NOW. */
const EXPIRES_IN_S = 60;

/** The chat message of offer cf-1, as the server posts it. */
const offerMessage = chatMessage({
  _id: "cf-1",
  type: "coinflip",
  message: T.offerBy("bob", 10),
  senderId: bob.id,
});

async function card(points = 50) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  serverAnswers(() => points);
  return renderInRoom(<OfferCard message={offerMessage} meId={me._id} />);
}

const theCard = () => screen.getByRole("group", { name: T.offerBy("bob", 10) });

describe("OfferCard", () => {
  it("shows an offer the room has no state for as finished, with the message's text", async () => {
    await card();
    expect(within(theCard()).getByText(T.finished)).toBeVisible();
    expect(screen.queryByRole("button", { name: T.accept })).toBeNull();
  });

  it("follows the room's feed, never back to an earlier state", async () => {
    const { send } = await card(50);
    send(OUT.offers, { offers: [offer()] });
    expect(within(theCard()).getByRole("button", { name: T.accept })).toBeVisible();
    send(OUT.offers, { offers: [offer({ state: "expired" })] });
    expect(within(theCard()).getByText(T.expired)).toBeVisible();
    send(OUT.offers, { offers: [offer()] });
    expect(within(theCard()).getByText(T.expired)).toBeVisible();
    expect(screen.queryByRole("button", { name: T.accept })).toBeNull();
  });

  it("shows an open offer with Accept, which asks the server to accept it", async () => {
    const { send, socket } = await card(50);
    send(OUT.offer, offer());
    expect(within(theCard()).getByText(T.open)).toBeVisible();
    expect(screen.getByText(T.offerPick(T.faces.heads))).toBeVisible();
    expect(screen.getByText(T.expiresIn(EXPIRES_IN_S))).toBeVisible();
    const accept = await screen.findByRole("button", { name: T.accept });
    await vi.waitFor(() => expect(accept).toBeEnabled());
    fireEvent.click(accept);
    expect(socket.emit).toHaveBeenCalledWith(IN.accept, { offerId: "cf-1" });
  });

  it("tells a member short of the wager they must have at least N points to accept", async () => {
    const { send } = await card(9);
    send(OUT.offer, offer({ wager: 10 }));
    expect(await screen.findByText(M.needToAccept(10))).toBeVisible();
    expect(screen.getByRole("button", { name: T.accept })).toBeDisabled();
  });

  it("has no Accept on the member's own offer", async () => {
    const { send } = await card();
    send(OUT.offer, offer({ initiator: alice }));
    expect(screen.getByRole("group", { name: T.offerBy("alice", 10) })).toBeVisible();
    expect(screen.queryByRole("button", { name: T.accept })).toBeNull();
  });

  it("shows Accepted by X with the countdown, Expired after a timeout, and the face and winner when settled", async () => {
    const { send } = await card();
    send(OUT.offer, offer());
    const startAt = new Date(NOW.getTime() + 10_000).toISOString();
    send(
      OUT.accepted,
      offer({ state: "accepted", opponent: { id: "u-carol", username: "carol" }, startAt }),
    );
    expect(within(theCard()).getByText(T.accepted("carol"))).toBeVisible();
    expect(screen.getByText(T.countdown(10))).toBeVisible();
    expect(screen.queryByRole("button", { name: T.accept })).toBeNull();

    send(OUT.result, {
      offer: offer({
        state: "settled",
        opponent: { id: "u-carol", username: "carol" },
        startAt,
        face: "tails",
        winnerId: "u-carol",
      }),
      results: {},
    });
    expect(within(theCard()).getByText(T.finished)).toBeVisible();
    expect(screen.getByText(T.landed(T.faces.tails))).toBeVisible();
    expect(screen.getByText(T.winnerIs("carol"))).toBeVisible();
    await act(async () => {});
  });

  it("shows Expired once the offer times out", async () => {
    const { send } = await card();
    send(OUT.offer, offer());
    send(OUT.timeout, { offerId: "cf-1" });
    expect(within(theCard()).getByText(T.expired)).toBeVisible();
    expect(screen.queryByRole("button", { name: T.accept })).toBeNull();
  });
});
