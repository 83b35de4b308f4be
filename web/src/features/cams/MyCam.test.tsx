import {
  CAMS_LIMITS,
  CAMS_MESSAGES,
  CAMS_UI_TEXTS,
  CHAT_TEXTS,
  CAMS_CLIENT_EVENTS as IN,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { me } from "../../test/fake-session.tsx";
import { renderInRoom } from "../chat/room/testing.tsx";
import { chatUser } from "../chat/test-utils.ts";
import { UserList } from "../chat/UserList.tsx";
import { CamUserBadge } from "./CamUserBadge.tsx";
import { CamUserMenuItems } from "./CamUserMenuItems.tsx";
import { fake, OFFER_SDP } from "./fake-media.ts";
import { BOB, MY_CAM, newPageEachTest, renderCams, settle } from "./test-utils.tsx";

newPageEachTest();

const myCam = () => screen.getByRole("region", { name: CAMS_UI_TEXTS.myCam });
const button = (name: string) => within(myCam()).getByRole("button", { name });

describe("My Cam", () => {
  it("starts: opens the camera, sends the complete offer once (a second click is ignored), is live when the room hears it, and stops", async () => {
    const { send, sent } = await renderCams();
    const start = button(CAMS_UI_TEXTS.startCam);
    fireEvent.click(start);
    fireEvent.click(start);
    await settle();
    fireEvent.click(button(CAMS_UI_TEXTS.starting));
    await settle();
    expect(fake.opened).toEqual(["cam-1"]);
    expect(sent(IN.publish)).toEqual([{ jsep: { type: "offer", sdp: OFFER_SDP } }]);
    // Not live before Janus has the media (issue 29): a preview, "Connecting…", no "Your cam".
    expect(within(myCam()).getByLabelText(CAMS_UI_TEXTS.yourPreview)).toBeInTheDocument();
    expect(within(myCam()).getByRole("status")).toHaveTextContent(CAMS_UI_TEXTS.connectingOwn);
    expect(screen.queryByLabelText(CAMS_UI_TEXTS.yourTile)).toBeNull();

    send(OUT.answer, { jsep: { type: "answer", sdp: "v=0 janus" } });
    send(OUT.connected, { cam: MY_CAM });
    expect(within(myCam()).getByText(CAMS_UI_TEXTS.youAreLive)).toBeVisible();
    expect(within(myCam()).getByLabelText(CAMS_UI_TEXTS.yourTile)).toBeInTheDocument();
    expect(within(myCam()).queryByText(CAMS_UI_TEXTS.connectingOwn)).toBeNull();
    // The own tile is in the live cams panel; the member does not watch themselves.
    expect(screen.getByRole("group", { name: CAMS_UI_TEXTS.yourTile })).toBeInTheDocument();
    expect(sent(IN.watch)).toEqual([]);

    fireEvent.click(button(CAMS_UI_TEXTS.stopCam));
    fireEvent.click(button(CAMS_UI_TEXTS.stopping));
    expect(sent(IN.unpublish)).toHaveLength(1);
    expect(fake.closed.publisher).toBe(1);
    send(OUT.disconnected, { userId: me._id, reason: "stopped" });
    expect(button(CAMS_UI_TEXTS.startCam)).toBeEnabled();
    expect(screen.queryByRole("group", { name: CAMS_UI_TEXTS.yourTile })).toBeNull();
  });

  it("asks to select a camera when there are several and none is chosen, then uses the one chosen", async () => {
    fake.cameras = [
      { deviceId: "cam-1", label: "Front camera" },
      { deviceId: "cam-2", label: "Back camera" },
    ];
    const { sent } = await renderCams();
    fireEvent.click(button(CAMS_UI_TEXTS.startCam));
    await settle();
    expect(within(myCam()).getByText(CAMS_MESSAGES.selectCamera)).toBeVisible();
    expect(fake.opened).toEqual([]);
    expect(sent(IN.publish)).toEqual([]);

    const user = userEvent.setup({ delay: null });
    await user.click(within(myCam()).getByRole("combobox", { name: CAMS_UI_TEXTS.camera }));
    await user.click(screen.getByRole("option", { name: "Back camera" }));
    fireEvent.click(button(CAMS_UI_TEXTS.startCam));
    await settle();
    expect(fake.opened).toEqual(["cam-2"]);
    expect(sent(IN.publish)).toHaveLength(1);
  });

  it("uses the default camera while the browser lists cameras without ids (no permission yet), then offers the choice", async () => {
    fake.cameras = [
      { deviceId: "", label: "" },
      { deviceId: "", label: "" },
    ];
    const { sent } = await renderCams();
    expect(within(myCam()).queryByRole("combobox")).toBeNull();
    fake.cameras = [
      { deviceId: "cam-1", label: "Front camera" },
      { deviceId: "cam-2", label: "Back camera" },
    ];
    fireEvent.click(button(CAMS_UI_TEXTS.startCam));
    await settle();
    expect(fake.opened).toEqual([null]);
    expect(sent(IN.publish)).toHaveLength(1);
    expect(within(myCam()).getByRole("combobox", { name: CAMS_UI_TEXTS.camera })).toBeVisible();
  });

  it("turns the cam off when its frames fail 3 checks in a row, with 'Camera Error'", async () => {
    vi.useFakeTimers();
    const { send, sent } = await renderCams();
    fireEvent.click(button(CAMS_UI_TEXTS.startCam));
    await settle();
    send(OUT.connected, { cam: MY_CAM });
    fake.framesFrozen = true;
    act(() => vi.advanceTimersByTime(CAMS_LIMITS.frameCheckMs * CAMS_LIMITS.frameCheckFailures));
    const alert = screen.getByRole("dialog", { name: CAMS_MESSAGES.cameraError });
    expect(alert).toHaveTextContent(CAMS_MESSAGES.cameraStopped);
    expect(sent(IN.unpublish)).toHaveLength(1);
  });

  it("is offline when the server says cams do not work", async () => {
    await renderCams({ available: false });
    expect(within(myCam()).getByText(CAMS_UI_TEXTS.offline)).toBeVisible();
    expect(button(CAMS_UI_TEXTS.startCam)).toBeDisabled();
  });
});

describe("a member's cam in the users list and their menu", () => {
  async function openMenuAs(role: string) {
    const staff = { ...me, role };
    const room = await renderInRoom(
      <UserList
        users={[chatUser(me._id, me.username), chatUser("u-bob", "bob"), chatUser("u-dan", "dan")]}
        meId={me._id}
        meRole={role}
        menuItems={(user, close) => (
          <CamUserMenuItems me={staff} mobile={false} user={user} close={close} />
        )}
        badges={(user) => <CamUserBadge me={staff} mobile={false} user={user} />}
      />,
    );
    room.send(OUT.active, { available: true, cams: [BOB], iceServers: [] });
    const open = (name: string) =>
      fireEvent.click(screen.getByRole("button", { name: CHAT_TEXTS.userMenu(name) }));
    return { ...room, open };
  }

  it("is offered to an admin or moderator for a member on cam, and sends cam-close", async () => {
    const { open, socket } = await openMenuAs("Moderator");
    open("dan");
    expect(screen.queryByRole("menuitem", { name: CAMS_UI_TEXTS.closeCam })).toBeNull();
    fireEvent.keyDown(screen.getByRole("menu"), { key: "Escape" });
    open("bob");
    fireEvent.click(screen.getByRole("menuitem", { name: CAMS_UI_TEXTS.closeCam }));
    expect(socket.emit).toHaveBeenCalledWith(IN.close, { userId: "u-bob" });
  });

  it("marks who is starting a cam and who is on cam in the list, and offers Watch cam for a cam", async () => {
    const { open, send } = await openMenuAs("user");
    expect(screen.getByRole("img", { name: CAMS_UI_TEXTS.onCam("bob") })).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: CAMS_UI_TEXTS.camStarting("dan") })).toBeNull();
    send(OUT.pending, { userId: "u-dan" });
    expect(screen.getByRole("img", { name: CAMS_UI_TEXTS.camStarting("dan") })).toBeInTheDocument();
    // (The row's accessible description carries it too: the browser test checks it.)
    open("dan");
    expect(screen.queryByRole("menuitem", { name: CAMS_UI_TEXTS.watchCam })).toBeNull();
    fireEvent.keyDown(screen.getByRole("menu"), { key: "Escape" });
    send(OUT.connected, { cam: { ...BOB, userId: "u-dan", username: "dan" } });
    expect(screen.queryByRole("img", { name: CAMS_UI_TEXTS.camStarting("dan") })).toBeNull();
    expect(screen.getByRole("img", { name: CAMS_UI_TEXTS.onCam("dan") })).toBeInTheDocument();
    open("bob");
    expect(screen.getByRole("menuitem", { name: CAMS_UI_TEXTS.watchCam })).toBeVisible();
    send(OUT.disconnected, { userId: "u-dan", reason: "stopped" });
    expect(screen.queryByRole("img", { name: CAMS_UI_TEXTS.onCam("dan") })).toBeNull();
  });

  it("is not offered to a member", async () => {
    const { open } = await openMenuAs("user");
    open("bob");
    expect(screen.getByRole("menu")).toBeVisible();
    expect(screen.queryByRole("menuitem", { name: CAMS_UI_TEXTS.closeCam })).toBeNull();
  });
});
