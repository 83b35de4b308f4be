import { MP3_MESSAGES, type Mp3Track } from "@airwave/contracts";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { calls, json, mockFetch, renderAdmin } from "../admin/test-utils.tsx";
import { RotationToggle } from "./RotationToggle.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const track: Mp3Track = {
  _id: "t1",
  trackName: "Night Drive",
  username: "admin",
  userId: "u1",
  userProfilePic: "",
  uploadedAt: "2026-11-20T10:00:00.000Z",
  downloadCount: 0,
  fileSize: 1000,
  feaboxUrl: "/api/auth/mp3/t1/file",
  originalFilename: "night.mp3",
  duration: 4,
  bitrate: 128000,
  waveform: [],
  inRotation: false,
};

describe("RotationToggle", () => {
  it("puts the track into the rotation and shows the server's answer", async () => {
    const fetch = mockFetch(({ body }) =>
      json({
        success: true,
        message: MP3_MESSAGES.addedToRotation,
        track: { ...track, inRotation: (body as { inRotation: boolean }).inRotation },
      }),
    );
    const onChanged = vi.fn();
    renderAdmin(<RotationToggle track={track} onChanged={onChanged} />);
    const toggle = screen.getByRole("switch", { name: "In rotation: Night Drive" });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(MP3_MESSAGES.offAirLabel)).toBeVisible();
    expect(screen.queryByText(MP3_MESSAGES.inRotationLabel)).toBeNull();
    await userEvent.click(toggle);
    expect(await screen.findByText(MP3_MESSAGES.addedToRotation)).toBeVisible();
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ inRotation: true }));
    expect(calls(fetch)).toContain("PUT /api/auth/mp3/t1/rotation");
    const put = fetch.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ inRotation: true });
  });

  it("shows the server's refusal and leaves the switch as it was", async () => {
    mockFetch(() => json({ message: MP3_MESSAGES.rotationAdminOnly }, 403));
    renderAdmin(<RotationToggle track={{ ...track, inRotation: true }} />);
    const toggle = screen.getByRole("switch", { name: "In rotation: Night Drive" });
    expect(screen.getByText(MP3_MESSAGES.inRotationLabel)).toBeVisible();
    await userEvent.click(toggle);
    expect(await screen.findByText(MP3_MESSAGES.rotationAdminOnly)).toBeVisible();
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
