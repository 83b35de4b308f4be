import {
  CAMS_LIMITS,
  CAMS_MESSAGES,
  CAMS_UI_TEXTS,
  CAMS_CLIENT_EVENTS as IN,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fake } from "./fake-media.ts";
import { BOB, MY_CAM, newPageEachTest, renderCams, settle } from "./test-utils.tsx";

newPageEachTest();

const { mediaError } = CAMS_MESSAGES;
const alertTitled = (title: string) => screen.getByRole("dialog", { name: title });
const noAlert = () => expect(screen.queryByRole("dialog")).toBeNull();
const dismiss = async () => {
  fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "OK" }));
  await waitFor(noAlert);
};
const startCam = async () => {
  fireEvent.click(screen.getByRole("button", { name: CAMS_UI_TEXTS.startCam }));
  await settle();
};

describe("the cams' errors, with the catalogue's texts", () => {
  it("'Connection Timeout' when the cam is not live 15 s after starting: the cam stops, My Cam says what to try and offers Try again", async () => {
    vi.useFakeTimers();
    const { send, sent } = await renderCams();
    await startCam();
    act(() => vi.advanceTimersByTime(CAMS_LIMITS.connectionTimeoutMs - 1));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const panel = within(screen.getByRole("region", { name: CAMS_UI_TEXTS.myCam }));
    const failure = panel.getByRole("alert");
    expect(failure).toHaveTextContent(CAMS_MESSAGES.connectionTimeout.title);
    expect(failure).toHaveTextContent(CAMS_MESSAGES.connectionTimeout.message);
    expect(failure).not.toHaveTextContent(/refresh/i);
    expect(sent(IN.unpublish)).toHaveLength(1);
    expect(fake.closed.publisher).toBe(1);
    // The server's own timeout racing the page's says nothing more (no dialog).
    send(OUT.error, CAMS_MESSAGES.connectionTimeout);
    noAlert();
    fireEvent.click(within(failure).getByRole("button", { name: CAMS_UI_TEXTS.tryAgain }));
    await settle();
    expect(sent(IN.publish)).toHaveLength(2);
    expect(panel.queryByRole("alert")).toBeNull();
  });

  it("'Media Connection Failed' once per page, and never on localhost", async () => {
    fake.hostname = "localhost";
    await renderCams();
    await startCam();
    act(() => fake.publisherState?.("failed"));
    noAlert();
    expect(screen.getByRole("button", { name: CAMS_UI_TEXTS.startCam })).toBeEnabled();

    fake.hostname = "chat.example.org";
    await startCam();
    act(() => fake.publisherState?.("failed"));
    expect(alertTitled(CAMS_MESSAGES.connectionFailed.title)).toHaveTextContent(
      CAMS_MESSAGES.connectionFailed.message,
    );
    await dismiss();
    await startCam();
    act(() => fake.publisherState?.("failed"));
    noAlert();
  });

  it("'Media Disconnected' when a live connection drops", async () => {
    const { send } = await renderCams();
    await startCam();
    send(OUT.connected, { cam: MY_CAM });
    act(() => fake.publisherState?.("disconnected"));
    expect(alertTitled(CAMS_MESSAGES.disconnected.title)).toHaveTextContent(
      CAMS_MESSAGES.disconnected.message,
    );
    // Behind the alert, the cam is off.
    expect(
      screen.getByRole("button", { name: CAMS_UI_TEXTS.startCam, hidden: true }),
    ).toBeEnabled();
  });

  it("'Media Error': the receiving channel, the sending channel, the video stream, joining", async () => {
    const { send, socket } = await renderCams({ cams: [BOB] });
    fake.answerError = new Error("setRemoteDescription failed");
    send(OUT.offer, {
      jsep: { type: "offer", sdp: "v=0 janus" },
      streams: [{ mid: "0", userId: "u-bob" }],
    });
    await settle();
    expect(alertTitled(mediaError.title)).toHaveTextContent(mediaError.receiveChannel);
    await dismiss();

    fake.publishError = new Error("createOffer failed");
    await startCam();
    expect(alertTitled(mediaError.title)).toHaveTextContent(mediaError.sendChannel);
    await dismiss();

    fake.publishError = null;
    fake.acceptError = new Error("bad answer");
    await startCam();
    send(OUT.answer, { jsep: { type: "answer", sdp: "v=0 janus" } });
    await settle();
    expect(alertTitled(mediaError.title)).toHaveTextContent(mediaError.sendVideo);
    await dismiss();
    send(OUT.disconnected, { userId: MY_CAM.userId, reason: "stopped" });

    socket.connected = false;
    await startCam();
    expect(alertTitled(mediaError.title)).toHaveTextContent(mediaError.join);
  });

  it("'Error' when Start is pressed while the cameras are still being listed", async () => {
    let listed = () => {};
    fake.listing = new Promise((resolve) => {
      listed = resolve;
    });
    await renderCams();
    await startCam();
    expect(alertTitled(CAMS_MESSAGES.deviceNotReady.title)).toHaveTextContent(
      CAMS_MESSAGES.deviceNotReady.message,
    );
    await act(async () => listed());
  });

  it("'Camera Error' when the camera cannot be opened", async () => {
    fake.openError = new Error("Permission denied");
    await renderCams();
    await startCam();
    expect(alertTitled(CAMS_MESSAGES.cameraError)).toHaveTextContent("Permission denied");
  });

  it("'Camera Detection Error' when the cameras cannot be listed", async () => {
    fake.listError = new Error("enumerateDevices is not allowed");
    await renderCams();
    expect(alertTitled(CAMS_MESSAGES.cameraDetectionError)).toHaveTextContent(
      "enumerateDevices is not allowed",
    );
  });

  it("'Camera Test Failed' with its tips when the camera shows no frame", async () => {
    fake.showsFrame = false;
    const { sent } = await renderCams();
    await startCam();
    const alert = alertTitled(CAMS_MESSAGES.cameraTestFailed.title);
    for (const tip of CAMS_MESSAGES.cameraTestFailed.tips) expect(alert).toHaveTextContent(tip);
    expect(sent(IN.publish)).toEqual([]);
  });

  it("'No Cameras Found' when there is none", async () => {
    fake.cameras = [];
    await renderCams();
    await startCam();
    expect(alertTitled(CAMS_MESSAGES.noCameras.title)).toHaveTextContent(
      CAMS_MESSAGES.noCameras.message,
    );
  });

  it("the server's cam-error as it is, ending a start in progress", async () => {
    const { send } = await renderCams();
    await startCam();
    send(OUT.error, { title: CAMS_MESSAGES.error, message: CAMS_MESSAGES.roomFull });
    expect(alertTitled(CAMS_MESSAGES.error)).toHaveTextContent(CAMS_MESSAGES.roomFull);
  });
});
