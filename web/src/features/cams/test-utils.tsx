import {
  type CamView,
  DEFAULT_THEME_SETTINGS,
  EFFECTS_ROUTES,
  CAMS_SERVER_EVENTS as OUT,
  type ThemeSettings,
  type UserData,
} from "@airwave/contracts";
import { act, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { json, me, mockFetch } from "../../test/fake-session.tsx";
import { renderInRoom } from "../chat/room/testing.tsx";
import { CamsOverlay } from "./CamsOverlay.tsx";
import { resetCamsPage } from "./controller.ts";
import { fake, fakeCamMedia, fakeStream, resetFakeMedia } from "./fake-media.ts";
import { LiveCams } from "./LiveCams.tsx";
import { MyCam } from "./MyCam.tsx";
import { replaceCamMedia } from "./media.ts";

/** A member on cam as the room hears it. */
export const camOf = (userId: string, username: string): CamView => ({
  userId,
  username,
  profileimage: "",
  startedAt: "2026-03-10T12:00:00.000Z",
});

export const BOB = camOf("u-bob", "bob");
export const CARA = camOf("u-cara", "cara");
export const MY_CAM = camOf(me._id, me.username);

/** Lets the pending promises (the media layer's answers) settle. */
export const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });

/**
 * The cams' screen parts (live cams panel, My Cam, the alert) in a room joined as the test member,
 * who then hears `active-cams` (available, with `cams`). `sent(event)` lists the payloads the
 * member sent with that event.
 */
export async function renderCams({
  cams = [] as CamView[],
  available = true,
  mobile = false,
  who = me as UserData,
} = {}) {
  const room = await renderInRoom(
    <>
      <LiveCams me={who} mobile={mobile} />
      <MyCam me={who} mobile={mobile} />
      <CamsOverlay me={who} mobile={mobile} />
    </>,
  );
  room.send(OUT.active, { available, cams, iceServers: [] });
  await settle();
  const sent = (event: string) =>
    room.socket.emit.mock.calls.filter(([e]) => e === event).map(([, payload]) => payload);
  return { ...room, sent };
}

let themeSettings: ThemeSettings = DEFAULT_THEME_SETTINGS;
/** The theme settings the server answers in this test. */
export const answerThemeSettings = (settings: ThemeSettings) => {
  themeSettings = settings;
};

/** Each test on a new page with the fake media in the browser's place, reset. */
export function newPageEachTest() {
  beforeEach(() => {
    // The live cams read the theme settings (rope lights on the tiles): the defaults, unless set.
    mockFetch(({ path }) =>
      path === EFFECTS_ROUTES.themeSettings.path
        ? json({ success: true, settings: themeSettings })
        : json({ message: "not found" }, 404),
    );
    themeSettings = DEFAULT_THEME_SETTINGS;
    resetFakeMedia();
    replaceCamMedia(fakeCamMedia);
    resetCamsPage();
  });
  afterEach(() => {
    cleanup();
    replaceCamMedia(null);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** The server offers bob's cam on mid 0; the receive connection then gets its stream. */
export async function receiveBob(send: (event: string, payload?: unknown) => void) {
  send(OUT.offer, {
    jsep: { type: "offer", sdp: "v=0 janus" },
    streams: [{ mid: "0", userId: BOB.userId }],
  });
  await settle();
  act(() => fake.receiver?.onStreams(new Map([[BOB.userId, fakeStream("bob")]])));
}
