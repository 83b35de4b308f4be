import { MP3_MESSAGES as M, MP3_UI_TEXTS as T } from "@airwave/contracts";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, json, mockFetch, signedInQueryClient } from "../../test/fake-session.tsx";
import { ProfileTracks } from "./ProfileTracks.tsx";
import { listAnswer, mp3Track } from "./testing.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderTracks = () =>
  render(
    <AppProviders qc={signedInQueryClient()}>
      <ProfileTracks memberId="u-bob" />
    </AppProviders>,
  );

describe("ProfileTracks", () => {
  it("lists the member's tracks with their players", async () => {
    const paths: string[] = [];
    mockFetch(({ path }) => {
      paths.push(path);
      return json(listAnswer([mp3Track({ trackName: "Bob's Mix" })]));
    });
    renderTracks();
    const list = await screen.findByRole("list", { name: T.profileTab });
    const row = within(list).getByRole("listitem", { name: "Bob's Mix" });
    expect(within(row).getByRole("button", { name: T.play("Bob's Mix") })).toBeVisible();
    expect(within(row).getByRole("button", { name: T.download })).toBeVisible();
    expect(paths).toContain("/api/auth/mp3/user/u-bob");
  });

  it("says when there are none, and when they could not be fetched", async () => {
    mockFetch(() => json(listAnswer([])));
    renderTracks();
    expect(await screen.findByText(T.profileEmpty)).toBeVisible();
    cleanup();
    mockFetch(() => json({}, 500));
    renderTracks();
    expect(await screen.findByText(M.fetchUserTracksFailed)).toBeVisible();
  });
});
