import {
  BATTLESHIPS_LIMITS,
  COINFLIP_UI_TEXTS as CT,
  BATTLESHIPS_CLIENT_EVENTS as IN,
  BATTLESHIPS_MESSAGES as M,
  BATTLESHIPS_SERVER_EVENTS as OUT,
  BATTLESHIPS_UI_TEXTS as T,
} from "@airwave/contracts";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { me } from "../../test/fake-session.tsx";
import { ArcadeButton } from "../arcade/ArcadeButton.tsx";
import { onAnOpenDay, serverAnswers } from "../arcade/test-utils.ts";
import { renderInRoom } from "../chat/room/testing.tsx";
import { chatMessage } from "../chat/test-utils.ts";
import { BattleshipsOverlay } from "./BattleshipsOverlay.tsx";
import { BattleshipsOfferCard } from "./OfferCard.tsx";
import { bob, bsOffer, bsState } from "./test-utils.ts";
import { BattleshipsWagerDialog } from "./WagerDialog.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const wagerBox = () => screen.getByRole("textbox", { name: CT.wagerLabel });

describe("the battleships wager dialog", () => {
  beforeEach(onAnOpenDay);

  it("opens from the arcade: default 5, MAX fills all points, Create Offer sends the wager", async () => {
    serverAnswers(() => 42);
    const { socket } = await renderInRoom(<ArcadeButton me={me} mobile={false} />);
    fireEvent.click(screen.getByRole("button", { name: CT.arcadeOpen }));
    const menu = await screen.findByRole("dialog", { name: CT.arcadeTitle });
    fireEvent.click(
      within(menu).getByRole("button", { name: new RegExp(`^${CT.battleshipsName}`) }),
    );
    const dialog = await screen.findByRole("dialog", { name: T.wagerTitle });
    expect(wagerBox()).toHaveValue(String(BATTLESHIPS_LIMITS.minWager));
    await within(dialog).findByText(CT.yourPoints(42));
    fireEvent.click(within(dialog).getByRole("button", { name: CT.max }));
    expect(wagerBox()).toHaveValue("42");
    fireEvent.click(within(dialog).getByRole("button", { name: T.createOffer }));
    expect(socket.emit).toHaveBeenCalledWith(IN.create, { wager: 42 });
  });

  it("is disabled under 5 points with the spec's text", async () => {
    serverAnswers(() => 4);
    await renderInRoom(<BattleshipsWagerDialog open onClose={() => {}} meId={me._id} />);
    expect(await screen.findByText(M.needMinimum)).toBeVisible();
    expect(screen.getByRole("button", { name: T.createOffer })).toBeDisabled();
    expect(screen.getByRole("button", { name: CT.max })).toBeDisabled();
  });

  it("refuses a wager above the points and says one game at a time", async () => {
    serverAnswers(() => 20);
    const { send } = await renderInRoom(
      <BattleshipsWagerDialog open onClose={() => {}} meId={me._id} />,
    );
    await screen.findByText(CT.yourPoints(20));
    fireEvent.change(wagerBox(), { target: { value: "21" } });
    expect(screen.getByText(M.wagerAboveBalance(20))).toBeVisible();
    expect(screen.getByRole("button", { name: T.createOffer })).toBeDisabled();
    fireEvent.change(wagerBox(), { target: { value: "10" } });
    send(OUT.offer, bsOffer({ initiator: { id: me._id, username: me.username } }));
    expect(screen.getByText(M.alreadyActive)).toBeVisible();
    expect(screen.getByRole("button", { name: T.createOffer })).toBeDisabled();
  });
});

describe("the offer in the chat", () => {
  beforeEach(onAnOpenDay);

  const message = chatMessage({
    _id: "bs-1",
    type: "battleships",
    message: T.offerBy("bob", 10),
    senderId: bob.id,
  });

  it("open with Accept, which asks the server; then 'Game starting...', then Expired for another", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-10T12:00:00Z"));
    serverAnswers(() => 50);
    const { send, socket } = await renderInRoom(
      <BattleshipsOfferCard message={message} meId={me._id} />,
    );
    send(OUT.offer, bsOffer());
    const card = screen.getByRole("group", { name: T.offerBy("bob", 10) });
    expect(within(card).getByText(T.open)).toBeVisible();
    expect(within(card).getByText(T.expiresIn(60))).toBeVisible();
    const accept = within(card).getByRole("button", { name: T.accept });
    await vi.waitFor(() => expect(accept).toBeEnabled());
    fireEvent.click(accept);
    expect(socket.emit).toHaveBeenCalledWith(IN.accept, { gameId: "bs-1" });
    send(
      OUT.accepted,
      bsOffer({ state: "active", opponent: { id: me._id, username: me.username } }),
    );
    expect(within(card).getByText(T.starting)).toBeVisible();
    expect(within(card).queryByRole("button", { name: T.accept })).toBeNull();
  });

  it("tells a member short of the wager, and marks an expired offer", async () => {
    serverAnswers(() => 3);
    const { send } = await renderInRoom(<BattleshipsOfferCard message={message} meId={me._id} />);
    send(OUT.offer, bsOffer());
    expect(await screen.findByText(M.needToAccept(10))).toBeVisible();
    send(OUT.timeout, { gameId: "bs-1" });
    expect(screen.getByText(T.expired)).toBeVisible();
  });
});

describe("the battleships modal", () => {
  async function modal() {
    serverAnswers(() => 40);
    const room = await renderInRoom(<BattleshipsOverlay me={me} mobile={false} />);
    room.send(OUT.start, bsState());
    return { ...room, dialog: screen.getByRole("dialog", { name: T.modalTitle }) };
  }
  const target = () => screen.getByRole("group", { name: T.targetGrid });
  const fleet = () => screen.getByRole("group", { name: T.yourFleet });

  it("shows both grids, whose turn, and shoots at an unknown cell of the target grid", async () => {
    const { dialog, socket } = await modal();
    expect(within(dialog).getByText(T.yourTurn)).toBeVisible();
    expect(within(dialog).getByText(`${T.versus("bob")} · ${T.wagerOf(10)}`)).toBeVisible();
    // Own grid: ships, bob's hit on A1 and miss on H8.
    expect(
      within(fleet()).getByRole("img", { name: T.cellLabel(0, 0, T.cellStates.hit) }),
    ).toBeVisible();
    expect(
      within(fleet()).getByRole("img", { name: T.cellLabel(0, 1, T.cellStates.ship) }),
    ).toBeVisible();
    expect(
      within(fleet()).getByRole("img", { name: T.cellLabel(7, 7, T.cellStates.miss) }),
    ).toBeVisible();
    // Target grid: own shots disabled, unknown cells shoot.
    expect(
      within(target()).getByRole("button", { name: T.cellLabel(1, 1, T.cellStates.hit) }),
    ).toBeDisabled();
    expect(
      within(target()).getByRole("button", { name: T.cellLabel(3, 3, T.cellStates.miss) }),
    ).toBeDisabled();
    fireEvent.click(
      within(target()).getByRole("button", { name: T.cellLabel(4, 5, T.cellStates.unknown) }),
    );
    expect(socket.emit).toHaveBeenCalledWith(IN.shoot, { gameId: "bs-1", row: 4, col: 5 });
    expect(within(dialog).getByRole("button", { name: T.close })).toBeDisabled();
  });

  it("on the opponent's turn no cell shoots; a sunk ship is shown on both sides", async () => {
    const { send, dialog } = await modal();
    const state = bsState({
      yourTurn: false,
      currentTurn: bob.id,
      opponentShips: [
        { id: 1, length: 2, sunk: false, cells: [] },
        { id: 2, length: 1, sunk: true, cells: [[1, 1]] },
      ],
    });
    send(OUT.shotResult, {
      gameId: "bs-1",
      shooterId: me._id,
      row: 1,
      col: 1,
      hit: true,
      sunk: { id: 2, length: 1, cells: [[1, 1]] },
      state,
    });
    expect(within(dialog).getByText(T.theirTurn("bob"))).toBeVisible();
    expect(within(dialog).getByText(T.yourShot(T.sunk(1)))).toBeVisible();
    expect(within(dialog).getByText(T.shipsLeft(1, 2))).toBeVisible();
    expect(within(dialog).getByLabelText(T.shipLabel(1, true))).toBeVisible();
    for (const cell of within(target()).getAllByRole("button")) expect(cell).toBeDisabled();
  });

  it("shows the result with the points, and Close closes it", async () => {
    const { send, dialog } = await modal();
    send(OUT.shotResult, {
      gameId: "bs-1",
      shooterId: me._id,
      row: 5,
      col: 5,
      hit: true,
      sunk: null,
      state: bsState({
        status: "finished",
        yourTurn: false,
        currentTurn: null,
        winnerId: me._id,
        end: "sunk",
        result: { wager: 10, outcome: "win", pointsBefore: 40, pointsAfter: 50 },
      }),
    });
    expect(within(dialog).getByText(T.youWon(10))).toBeVisible();
    expect(within(dialog).getByText(T.pointsBeforeAfter(40, 50))).toBeVisible();
    fireEvent.click(within(dialog).getByRole("button", { name: T.close }));
    expect(screen.queryByRole("dialog", { name: T.modalTitle })).toBeNull();
  });

  it("alerts that the opponent left and the member won", async () => {
    const { send, dialog } = await modal();
    send(OUT.opponentDisconnect, {
      gameId: "bs-1",
      message: M.opponentDisconnected,
      state: bsState({
        status: "finished",
        yourTurn: false,
        currentTurn: null,
        winnerId: me._id,
        end: "disconnect",
        result: { wager: 10, outcome: "win", pointsBefore: 40, pointsAfter: 50 },
      }),
    });
    expect(within(dialog).getByText(M.opponentDisconnected)).toBeVisible();
    expect(within(dialog).getByText(T.youWon(10))).toBeVisible();
  });

  it("counts down the time left for the shot (Battleships has no time limit)", async () => {
    vi.useFakeTimers({ now: new Date("2026-07-10T12:00:00Z"), toFake: ["Date"] });
    const { send, dialog } = await modal();
    const turnEndsAt = new Date(Date.now() + 45_000).toISOString();
    send(OUT.start, bsState({ turnEndsAt }));
    expect(within(dialog).getByTestId("battleships-turn-left")).toHaveTextContent(T.turnLeft(45));
    send(OUT.start, bsState({ yourTurn: false, currentTurn: bob.id, turnEndsAt }));
    expect(within(dialog).getByText(T.theirTurn("bob"))).toBeVisible();
    expect(within(dialog).getByText(T.turnLeft(45))).toBeVisible();
  });

  it("a missed turn ends the game: the message and the result", async () => {
    const { send, dialog } = await modal();
    send(OUT.gameOver, {
      gameId: "bs-1",
      message: M.turnMissedLose,
      state: bsState({
        status: "finished",
        yourTurn: false,
        currentTurn: null,
        winnerId: bob.id,
        end: "timeout",
        result: { wager: 10, outcome: "lose", pointsBefore: 40, pointsAfter: 30 },
      }),
    });
    expect(within(dialog).getByText(M.turnMissedLose)).toBeVisible();
    expect(within(dialog).getByText(T.youLost(10))).toBeVisible();
    expect(within(dialog).queryByTestId("battleships-turn-left")).toBeNull();
    expect(within(dialog).getByRole("button", { name: T.close })).toBeEnabled();
  });

  it("shows a server refusal in an alert", async () => {
    const { send } = await modal();
    send(OUT.error, { message: M.notYourTurn });
    expect(await screen.findByText(M.notYourTurn)).toBeVisible();
  });
});
