import { COINFLIP_UI_TEXTS as T } from "@airwave/contracts";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { me } from "../../test/fake-session.tsx";
import { renderInRoom } from "../chat/room/testing.tsx";
import { ArcadeButton } from "./ArcadeButton.tsx";
import { serverAnswers } from "./test-utils.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ArcadeButton", () => {
  it("opens the arcade menu: coin flip opens the wager dialog; battleships and roulette are playable", async () => {
    serverAnswers(() => 30);
    await renderInRoom(<ArcadeButton me={me} mobile={false} />);
    fireEvent.click(screen.getByRole("button", { name: T.arcadeOpen }));

    const menu = await screen.findByRole("dialog", { name: T.arcadeTitle });
    expect(within(menu).queryByText(T.comingSoon)).toBeNull();
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
});
