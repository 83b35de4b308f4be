import { MONTH_END_TEXTS as M, COINFLIP_UI_TEXTS as T } from "@airwave/contracts";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { me } from "../../test/fake-session.tsx";
import { renderInRoom } from "../chat/room/testing.tsx";
import { ArcadeButton } from "./ArcadeButton.tsx";
import { onAnOpenDay, serverAnswers } from "./test-utils.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("ArcadeButton", () => {
  it("opens the arcade menu: coin flip opens the wager dialog; battleships and roulette are playable", async () => {
    onAnOpenDay();
    serverAnswers(() => 30);
    await renderInRoom(<ArcadeButton me={me} mobile={false} />);
    fireEvent.click(screen.getByRole("button", { name: T.arcadeOpen }));

    const menu = await screen.findByRole("dialog", { name: T.arcadeTitle });
    expect(within(menu).queryByText(T.comingSoon)).toBeNull();
    expect(within(menu).queryByText(M.closedMark)).toBeNull();
    expect(
      within(menu).getByRole("button", { name: new RegExp(`^${T.battleshipsName}`) }),
    ).toBeEnabled();
    expect(
      within(menu).getByRole("button", { name: new RegExp(`^${T.rouletteName}`) }),
    ).toBeEnabled();

    fireEvent.click(within(menu).getByRole("button", { name: new RegExp(`^${T.coinflipName}`) }));
    expect(await screen.findByRole("button", { name: T.createOffer })).toBeVisible();
    expect(await screen.findByText(T.yourPoints(30))).toBeVisible();
  });

  it("in the month-end freeze marks every game 'Closed until the 1st': only roulette opens", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-27T12:00:00Z"));
    serverAnswers(() => 30);
    await renderInRoom(<ArcadeButton me={me} mobile={false} />);
    fireEvent.click(screen.getByRole("button", { name: T.arcadeOpen }));

    const menu = await screen.findByRole("dialog", { name: T.arcadeTitle });
    // A game is named by what its card shows: the game, then its mark.
    const closed = (name: string) => new RegExp(`^${name}\\s*${M.closedMark}`);
    expect(
      await within(menu).findByRole("button", { name: closed(T.coinflipName) }),
    ).toBeDisabled();
    expect(within(menu).getByRole("button", { name: closed(T.battleshipsName) })).toBeDisabled();
    expect(within(menu).getByRole("button", { name: closed(T.rouletteName) })).toBeEnabled();
    expect(within(menu).getAllByText(M.closedMark)).toHaveLength(3);
  });
});
