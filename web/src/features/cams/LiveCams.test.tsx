import {
  CAMS_LIMITS,
  CAMS_MESSAGES,
  CAMS_UI_TEXTS,
  DEFAULT_THEME_SETTINGS,
  CAMS_CLIENT_EVENTS as IN,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ANSWER_SDP, fake, fakeStream } from "./fake-media.ts";
import {
  answerThemeSettings,
  BOB,
  CARA,
  newPageEachTest,
  receiveBob,
  renderCams,
  settle,
} from "./test-utils.tsx";

newPageEachTest();

const panel = () => screen.getByRole("region", { name: CAMS_UI_TEXTS.liveCams });
const tile = (name: string) => screen.queryByRole("group", { name: CAMS_UI_TEXTS.tileOf(name) });
const click = (name: string, scope: HTMLElement = document.body) =>
  fireEvent.click(within(scope).getByRole("button", { name }));
const scaleShown = () => within(panel()).getByText(/^\d+%$/).textContent;

describe("the live cams panel", () => {
  it("hangs the Christmas rope lights on each tile when the theme has them (a bulb every 40 px)", async () => {
    answerThemeSettings({
      ...DEFAULT_THEME_SETTINGS,
      activeTheme: "christmas",
      christmas: { enabled: true, snowEnabled: false, ropeLightsEnabled: true },
    });
    await renderCams({ cams: [BOB] });
    const bob = tile("bob") as HTMLElement;
    await waitFor(() => expect(bob.querySelector('[data-effect="rope-lights"]')).not.toBeNull());
  });

  it("has no rope lights on the tiles without the Christmas theme", async () => {
    await renderCams({ cams: [BOB] });
    await settle();
    expect((tile("bob") as HTMLElement).querySelector('[data-effect="rope-lights"]')).toBeNull();
  });

  it("asks for the cams on joining, shows a tile per cam and watches every one", async () => {
    const { send, sent } = await renderCams({ cams: [BOB] });
    expect(sent(IN.list).length).toBeGreaterThan(0);
    expect(tile("bob")).toBeInTheDocument();
    expect(sent(IN.watch)).toEqual([{ userIds: ["u-bob"] }]);

    send(OUT.connected, { cam: CARA });
    expect(tile("cara")).toBeInTheDocument();
    expect(sent(IN.watch).at(-1)).toEqual({ userIds: ["u-bob", "u-cara"] });

    send(OUT.disconnected, { userId: "u-bob", reason: "stopped" });
    expect(tile("bob")).not.toBeInTheDocument();
    expect(sent(IN.watch).at(-1)).toEqual({ userIds: ["u-cara"] });
    send(OUT.disconnected, { userId: "u-cara", reason: "left" });
    expect(within(panel()).getByText(CAMS_UI_TEXTS.noCams)).toBeVisible();
  });

  it("answers the server's offer, shows each cam's stream, and closes on a null offer", async () => {
    const { send, sent } = await renderCams({ cams: [BOB] });
    expect(within(tile("bob") as HTMLElement).getByText(CAMS_UI_TEXTS.loading)).toBeVisible();
    send(OUT.offer, {
      jsep: { type: "offer", sdp: "v=0 janus" },
      streams: [{ mid: "0", userId: "u-bob" }],
    });
    await settle();
    expect(fake.offers).toEqual([
      { offer: { type: "offer", sdp: "v=0 janus" }, streams: [{ mid: "0", userId: "u-bob" }] },
    ]);
    expect(sent(IN.watchAnswer)).toEqual([{ jsep: { type: "answer", sdp: ANSWER_SDP } }]);
    act(() => fake.receiver?.onStreams(new Map([["u-bob", fakeStream("bob")]])));
    expect(within(tile("bob") as HTMLElement).queryByText(CAMS_UI_TEXTS.loading)).toBeNull();

    send(OUT.offer, { jsep: null, streams: [] });
    await settle();
    expect(fake.closed.receiver).toBe(1);
    expect(within(tile("bob") as HTMLElement).getByText(CAMS_UI_TEXTS.loading)).toBeVisible();
  });

  it("after a lost connection clears the cams, asks for them again and watches them anew", async () => {
    const { send, sent } = await renderCams({ cams: [BOB] });
    await receiveBob(send);
    const asked = sent(IN.list).length;
    send("disconnect");
    expect(tile("bob")).not.toBeInTheDocument();
    expect(fake.closed.receiver).toBe(1);
    send("connect");
    expect(sent(IN.list)).toHaveLength(asked + 1);
    send(OUT.active, { available: true, cams: [BOB], iceServers: [] });
    expect(sent(IN.watch)).toEqual([{ userIds: ["u-bob"] }, { userIds: ["u-bob"] }]);
    expect(within(tile("bob") as HTMLElement).getByText(CAMS_UI_TEXTS.loading)).toBeVisible();
  });

  it("'Media Disconnected' when the receive connection drops after it was up", async () => {
    const { send } = await renderCams({ cams: [BOB] });
    await receiveBob(send);
    act(() => fake.receiver?.onState("connected"));
    act(() => fake.receiver?.onState("failed"));
    expect(
      screen.getByRole("dialog", { name: CAMS_MESSAGES.disconnected.title }),
    ).toHaveTextContent(CAMS_MESSAGES.disconnected.message);
  });

  it("reloads a tile by asking for a key frame, and all cams by watching them anew", async () => {
    const { send, sent } = await renderCams({ cams: [BOB] });
    await receiveBob(send);
    click(CAMS_UI_TEXTS.reload, tile("bob") as HTMLElement);
    expect(sent(IN.keyframe)).toEqual([{ userId: "u-bob" }]);
    click(CAMS_UI_TEXTS.reloadAll, panel());
    expect(fake.closed.receiver).toBe(1);
    expect(sent(IN.watch)).toEqual([
      { userIds: ["u-bob"] },
      { userIds: [] },
      { userIds: ["u-bob"] },
    ]);
  });

  it("hides a cam (no longer watched, listed to show again) and shows it back", async () => {
    const { sent } = await renderCams({ cams: [BOB, CARA] });
    click(CAMS_UI_TEXTS.hide, tile("bob") as HTMLElement);
    expect(tile("bob")).not.toBeInTheDocument();
    expect(sent(IN.watch).at(-1)).toEqual({ userIds: ["u-cara"] });
    const hidden = screen.getByRole("group", { name: CAMS_UI_TEXTS.hiddenCams });
    click(`${CAMS_UI_TEXTS.show} bob`, hidden);
    expect(tile("bob")).toBeInTheDocument();
    expect(sent(IN.watch).at(-1)).toEqual({ userIds: ["u-bob", "u-cara"] });
  });

  it("scales the tiles from 60 to 160 % by 10, 180 px at 100 %, kept in the cameraScale cookie", async () => {
    await renderCams({ cams: [BOB] });
    expect(scaleShown()).toBe("100%");
    expect(tile("bob")).toHaveStyle({ width: "180px" });
    for (let i = 0; i < 6; i++) click(CAMS_UI_TEXTS.larger);
    expect(scaleShown()).toBe("160%");
    expect(within(panel()).getByRole("button", { name: CAMS_UI_TEXTS.larger })).toBeDisabled();
    expect(tile("bob")).toHaveStyle({ width: "288px" });
    for (let i = 0; i < 20; i++) {
      const smaller = within(panel()).getByRole("button", { name: CAMS_UI_TEXTS.smaller });
      if (smaller.hasAttribute("disabled")) break;
      fireEvent.click(smaller);
    }
    expect(scaleShown()).toBe("60%");
    expect(document.cookie).toContain(`${CAMS_LIMITS.scaleCookie}=60`);
    cleanup();
    await renderCams({ cams: [BOB] });
    expect(scaleShown()).toBe("60%");
  });

  it("goes down to 20 % on a phone, and sends the watch set 450 ms after the last change", async () => {
    vi.useFakeTimers();
    const { send, sent } = await renderCams({ cams: [], mobile: true });
    for (let i = 0; i < 8; i++) click(CAMS_UI_TEXTS.smaller);
    expect(scaleShown()).toBe("20%");
    send(OUT.connected, { cam: BOB });
    act(() => vi.advanceTimersByTime(300));
    send(OUT.connected, { cam: CARA });
    act(() => vi.advanceTimersByTime(CAMS_LIMITS.mobileSyncDelayMs - 1));
    expect(sent(IN.watch)).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(sent(IN.watch)).toEqual([{ userIds: ["u-bob", "u-cara"] }]);
  });

  it("retries a tile that does not render every 120-220 ms asking for key frames, and gives up after 40", async () => {
    vi.useFakeTimers();
    fake.renders = false;
    const { send, sent } = await renderCams({ cams: [BOB] });
    await receiveBob(send);
    act(() => vi.advanceTimersByTime(CAMS_LIMITS.tileRetry.minMs - 1));
    expect(sent(IN.keyframe)).toEqual([]);
    act(() => vi.advanceTimersByTime(CAMS_LIMITS.tileRetry.maxMs * 20));
    expect(sent(IN.keyframe).length).toBeGreaterThanOrEqual(20);
    act(() => vi.advanceTimersByTime(CAMS_LIMITS.tileRetry.maxMs * 30));
    expect(sent(IN.keyframe)).toHaveLength(CAMS_LIMITS.tileRetry.attempts);
    expect(sent(IN.keyframe)[0]).toEqual({ userId: "u-bob" });
    expect(within(tile("bob") as HTMLElement).getByText(CAMS_MESSAGES.error)).toBeVisible();
  });

  it("removes a cam whose frames fail 3 checks in a row (no longer watched)", async () => {
    vi.useFakeTimers();
    const { send, sent } = await renderCams({ cams: [BOB] });
    await receiveBob(send);
    // Frames advance for one check, then stop.
    act(() => vi.advanceTimersByTime(CAMS_LIMITS.frameCheckMs));
    fake.framesFrozen = true;
    act(() => vi.advanceTimersByTime(CAMS_LIMITS.frameCheckMs * 2));
    expect(tile("bob")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(CAMS_LIMITS.frameCheckMs));
    expect(tile("bob")).not.toBeInTheDocument();
    expect(sent(IN.watch).at(-1)).toEqual({ userIds: [] });
  });

  it("opens a cam in a window that minimises, restores and closes", async () => {
    await renderCams({ cams: [BOB] });
    click(CAMS_UI_TEXTS.expand, tile("bob") as HTMLElement);
    const win = screen.getByRole("dialog", { name: CAMS_UI_TEXTS.windowOf("bob") });
    expect(win).toHaveStyle({ width: `${CAMS_LIMITS.windowMin.width}px` });
    click(CAMS_UI_TEXTS.minimise, win);
    expect(
      within(win).queryByLabelText(CAMS_UI_TEXTS.windowOf("bob"), { selector: "video" }),
    ).toBeNull();
    click(CAMS_UI_TEXTS.restore, win);
    expect(
      within(win).getByLabelText(CAMS_UI_TEXTS.windowOf("bob"), { selector: "video" }),
    ).toBeInTheDocument();
    click(CAMS_UI_TEXTS.close, win);
    expect(screen.queryByRole("dialog", { name: CAMS_UI_TEXTS.windowOf("bob") })).toBeNull();
  });

  it("says when cams are offline and offers no start", async () => {
    await renderCams({ available: false });
    expect(within(panel()).getByText(CAMS_UI_TEXTS.offline)).toBeVisible();
    expect(screen.getByRole("button", { name: CAMS_UI_TEXTS.startCam })).toBeDisabled();
  });
});
