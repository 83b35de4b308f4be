import {
  COINFLIP_LIMITS,
  COINFLIP_CLIENT_EVENTS as IN,
  COINFLIP_MESSAGES as M,
  COINFLIP_SERVER_EVENTS as OUT,
  SCHEDULE_ROUTES,
  COINFLIP_UI_TEXTS as T,
} from "@airwave/contracts";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { me } from "../../test/fake-session.tsx";
import { onAnOpenDay, serverAnswers } from "../arcade/test-utils.ts";
import { alice, offer, renderInRoom } from "./test-utils.tsx";
import { WagerDialog } from "./WagerDialog.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const createButton = () => screen.getByRole("button", { name: T.createOffer });
const wagerField = () => screen.getByRole("textbox", { name: T.wagerLabel });

async function openDialog(points: number, timeZone?: string) {
  const fetch = serverAnswers(() => points, timeZone);
  const onClose = vi.fn();
  const room = await renderInRoom(<WagerDialog open onClose={onClose} meId={me._id} />);
  await screen.findByText(T.yourPoints(points));
  // The station's time zone has come with the schedule.
  await waitFor(() =>
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith(SCHEDULE_ROUTES.week.path))).toBe(
      true,
    ),
  );
  await act(async () => {});
  return { ...room, onClose };
}

describe("WagerDialog", () => {
  beforeEach(onAnOpenDay);

  it("starts at the minimum wager on heads; MAX fills all the points; Create Offer sends pick and wager", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-10T12:00:00Z"));
    const { socket, onClose } = await openDialog(42);
    expect(wagerField()).toHaveValue(String(COINFLIP_LIMITS.minWager));
    expect(screen.getByRole("button", { name: T.faces.heads })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await waitFor(() => expect(createButton()).toBeEnabled());

    fireEvent.click(screen.getByRole("button", { name: T.faces.tails }));
    fireEvent.click(screen.getByRole("button", { name: T.max }));
    expect(wagerField()).toHaveValue("42");
    fireEvent.click(createButton());

    expect(socket.emit).toHaveBeenCalledWith(IN.create, { pick: "tails", wager: 42 });
    expect(onClose).toHaveBeenCalled();
  });

  it("says why a wager is refused: below the minimum, above the member's points", async () => {
    const { socket } = await openDialog(20);
    fireEvent.change(wagerField(), { target: { value: "4" } });
    expect(screen.getByText(M.wagerMinimum)).toBeVisible();
    expect(createButton()).toBeDisabled();
    fireEvent.change(wagerField(), { target: { value: "21" } });
    expect(screen.getByText(M.wagerAboveBalance(20))).toBeVisible();
    expect(createButton()).toBeDisabled();
    fireEvent.click(createButton());
    expect(socket.emit).not.toHaveBeenCalledWith(IN.create, expect.anything());
  });

  it("disables Create Offer under 5 points, with the catalogue's text", async () => {
    await openDialog(COINFLIP_LIMITS.minWager - 1);
    expect(screen.getByText(M.needMinimum)).toBeVisible();
    expect(createButton()).toBeDisabled();
    expect(screen.getByRole("button", { name: T.max })).toBeDisabled();
  });

  it("is closed from the 25th (station time) until the 1st of next month", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 23:30 UTC on the 24th is already the 25th in Berlin: the station's zone decides.
    vi.setSystemTime(new Date("2026-03-24T23:30:00Z"));
    await openDialog(100, "Europe/Berlin");
    expect(await screen.findByText(M.closed)).toBeVisible();
    expect(createButton()).toBeDisabled();
  });

  it("is open on the 24th in the station's zone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-24T23:30:00Z"));
    await openDialog(100, "Europe/London");
    await waitFor(() => expect(createButton()).toBeEnabled());
    expect(screen.queryByText(M.closed)).toBeNull();
  });

  it("disables Create Offer while the member has an active offer", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-10T12:00:00Z"));
    const { send } = await openDialog(100);
    await waitFor(() => expect(createButton()).toBeEnabled());
    send(OUT.offer, offer({ initiator: alice }));
    expect(screen.getByText(M.alreadyActive)).toBeVisible();
    expect(createButton()).toBeDisabled();

    // Once it expired the member may offer again.
    send(OUT.timeout, { offerId: "cf-1" });
    expect(screen.queryByText(M.alreadyActive)).toBeNull();
    expect(createButton()).toBeEnabled();
  });
});
