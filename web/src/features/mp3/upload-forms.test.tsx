import { MP3_MESSAGES, MP3_UI_TEXTS as T } from "@airwave/contracts";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders, json, mockFetch, signedInQueryClient } from "../../test/fake-session.tsx";
import { BatchUploadForm } from "./BatchUploadForm.tsx";
import { SingleUploadForm } from "./SingleUploadForm.tsx";
import { FakeXhr, mp3File, mp3Track } from "./testing.ts";

const renderForm = (ui: React.ReactNode) =>
  render(<AppProviders qc={signedInQueryClient()}>{ui}</AppProviders>);

beforeEach(() => {
  mockFetch(() => json({}));
  FakeXhr.install();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Picks a file and waits until the form has checked and taken it. */
async function pick(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(screen.getByLabelText(T.chooseFile), file);
  await screen.findByText(new RegExp(`^${file.name} \\(`));
}

describe("SingleUploadForm", () => {
  it("fills the name from the file's title tag, and a name typed for a refused file does not stay", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm(<SingleUploadForm />);
    const name = () => screen.getByLabelText(T.trackName);
    await pick(user, mp3File("lnm_final_v3.mp3", 0, "audio/mpeg", { title: "Late Night Mix" }));
    expect(name()).toHaveValue("Late Night Mix");

    // A text file named .mp3: refused with why; the name typed for it does not stay.
    const notes = mp3File("notes.mp3", 0, "audio/mpeg", { content: "liner notes\n".repeat(40) });
    await user.upload(screen.getByLabelText(T.chooseFile), notes);
    expect(await screen.findByRole("alert")).toHaveTextContent(MP3_MESSAGES.notMp3);
    expect(name()).toHaveValue("");
    await user.type(name(), "Name for the notes");
    await pick(user, mp3File("Second Song.mp3"));
    expect(name()).toHaveValue("Second Song");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps a name typed before any file is picked", async () => {
    const user = userEvent.setup();
    renderForm(<SingleUploadForm />);
    const name = () => screen.getByLabelText(T.trackName);
    await user.type(name(), "Typed First");
    expect(name()).toHaveValue("Typed First");
    await pick(user, mp3File("other.mp3", 0, "audio/mpeg", { title: "Tag" }));
    expect(name()).toHaveValue("Typed First");
  });

  it("sends the file and its name with the CSRF token, shows the progress, then the track", async () => {
    const user = userEvent.setup();
    const onShare = vi.fn();
    renderForm(<SingleUploadForm onShare={onShare} />);
    await user.upload(screen.getByLabelText(T.chooseFile), mp3File("Night Drive.mp3"));
    await vi.waitFor(() => expect(screen.getByLabelText(T.trackName)).toHaveValue("Night Drive"));
    await user.clear(screen.getByLabelText(T.trackName));
    await user.type(screen.getByLabelText(T.trackName), "  Night Drive (edit)  ");
    await user.click(screen.getByRole("button", { name: T.upload }));

    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect([xhr.method, xhr.url, xhr.headers["x-csrf-token"]]).toEqual([
      "POST",
      "/api/auth/mp3/upload",
      "tok",
    ]);
    expect([xhr.field("trackName"), xhr.field("file"), xhr.field("uploader")]).toEqual([
      "Night Drive (edit)",
      "Night Drive.mp3",
      undefined,
    ]);
    act(() => xhr.progress(40, 100));
    const bar = screen.getByRole("progressbar", { name: T.progress("Night Drive (edit)") });
    expect(bar).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByText("40%")).toBeVisible();

    const track = mp3Track({ trackName: "Night Drive (edit)" });
    act(() => xhr.answer(201, { success: true, track }));
    expect(await screen.findByText(T.uploaded("Night Drive (edit)"))).toBeVisible();
    expect(screen.queryByRole("progressbar")).toBeNull();
    await user.click(screen.getByRole("button", { name: T.share }));
    expect(onShare).toHaveBeenCalledWith(track);
  });

  it("asks for a file and a name before sending anything", async () => {
    const user = userEvent.setup();
    renderForm(<SingleUploadForm />);
    await user.click(screen.getByRole("button", { name: T.upload }));
    expect(screen.getByRole("alert")).toHaveTextContent(MP3_MESSAGES.noFileSelected);
    await pick(user, mp3File("x.mp3"));
    await user.clear(screen.getByLabelText(T.trackName));
    await user.type(screen.getByLabelText(T.trackName), "   ");
    await user.click(screen.getByRole("button", { name: T.upload }));
    expect(screen.getByRole("alert")).toHaveTextContent(MP3_MESSAGES.trackNameRequired);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("shows the server's refusal, and 'Upload failed' when it gives none", async () => {
    const user = userEvent.setup();
    renderForm(<SingleUploadForm />);
    await pick(user, mp3File("x.mp3"));
    await user.click(screen.getByRole("button", { name: T.upload }));
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => (FakeXhr.sent[0] as FakeXhr).answer(413, { message: MP3_MESSAGES.tooLarge }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MP3_MESSAGES.tooLarge);

    // The file stays picked: sending it again is one click.
    await user.click(screen.getByRole("button", { name: T.upload }));
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() => (FakeXhr.sent[1] as FakeXhr).answer(502, {}));
    expect(await screen.findByRole("alert")).toHaveTextContent(MP3_MESSAGES.uploadFailed);
  });

  it("lets an Admin credit the track to another member", async () => {
    const user = userEvent.setup();
    renderForm(<SingleUploadForm allowUploader />);
    await pick(user, mp3File("x.mp3"));
    await user.type(screen.getByLabelText(T.uploaderOverride), "bob");
    await user.click(screen.getByRole("button", { name: T.upload }));
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect((FakeXhr.sent[0] as FakeXhr).field("uploader")).toBe("bob");
  });
});

describe("BatchUploadForm", () => {
  it("uploads 5 at a time with each item's status, then says 'Batch complete' with the counts", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm(<BatchUploadForm />);
    const files = [1, 2, 3, 4, 5, 6, 7].map((i) => mp3File(`Song ${i}.mp3`));
    await user.upload(screen.getByLabelText(T.chooseFiles), [
      ...files,
      mp3File("cover.png", 10, "image/png"),
    ]);
    const list = await screen.findByRole("list", { name: T.batch });
    // The picture is left out, and the form says so.
    const skipped = screen.getByRole("alert");
    expect(skipped).toHaveTextContent(MP3_MESSAGES.batchSkippedTitle(1));
    expect(skipped).toHaveTextContent(`cover.png: ${MP3_MESSAGES.selectAudioFile}`);
    expect(within(list).getAllByRole("listitem")).toHaveLength(7);
    await user.click(screen.getByRole("button", { name: T.uploadAll }));

    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(5));
    const item = (name: string) => within(list).getByRole("listitem", { name });
    expect(item("Song 1")).toHaveAttribute("data-status", "uploading");
    expect(item("Song 6")).toHaveAttribute("data-status", "queued");
    act(() => (FakeXhr.sent[0] as FakeXhr).progress(1, 4));
    expect(within(item("Song 1")).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");

    act(() => (FakeXhr.sent[0] as FakeXhr).answer(201, { success: true, track: mp3Track() }));
    act(() => (FakeXhr.sent[1] as FakeXhr).answer(400, { message: MP3_MESSAGES.notMp3 }));
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(7));
    for (const xhr of FakeXhr.sent.slice(2)) {
      act(() => xhr.answer(201, { success: true, track: mp3Track() }));
    }
    const summary = await screen.findByRole("status");
    expect(summary).toHaveTextContent(MP3_MESSAGES.batchCompleteTitle);
    expect(summary).toHaveTextContent(MP3_MESSAGES.batchComplete(6, 1));
    expect(item("Song 2")).toHaveAttribute("data-status", "error");
    expect(within(item("Song 2")).getByText(MP3_MESSAGES.notMp3)).toBeVisible();
    expect(item("Song 7")).toHaveAttribute("data-status", "done");
  });
});
