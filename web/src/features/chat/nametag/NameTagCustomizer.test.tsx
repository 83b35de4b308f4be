import { NAME_TAG_LIMITS, NAME_TAG_TEXTS, type UserData } from "@airwave/contracts";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SnackbarProvider } from "notistack";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { meKey } from "../../../app/session.ts";
import {
  AppProviders,
  type Handler,
  json,
  me,
  mockFetch,
  signedInQueryClient,
} from "../../../test/fake-session.tsx";
import { NAME_TAG_STYLING_PATH, NameTagCustomizer } from "./NameTagCustomizer.tsx";
import { savePreset } from "./presets.ts";

/** Images whose URL contains "good" load; the others fail. */
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(url: string) {
    queueMicrotask(() => (url.includes("good") ? this.onload?.() : this.onerror?.()));
  }
}

function setup(handler: Handler = ({ body }) => json({ ...me, ...(body as object) })) {
  const fetch = mockFetch(handler);
  const qc = signedInQueryClient((c) =>
    c.setQueryData(meKey, {
      ...me,
      nameTagStyling: { textColor: "#ff0000", backgroundType: "color", backgroundColor: "#000000" },
    } as UserData),
  );
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(
    <AppProviders qc={qc}>
      <SnackbarProvider>
        <NameTagCustomizer open onClose={onClose} onSaved={onSaved} />
      </SnackbarProvider>
    </AppProviders>,
  );
  const posts = () =>
    fetch.mock.calls
      .filter(([u]) => String(u).includes(NAME_TAG_STYLING_PATH))
      .map(([, init]) => JSON.parse(String(init?.body)));
  return { qc, onClose, onSaved, posts, dialog: screen.getByRole("dialog") };
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal("Image", FakeImage);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("NameTagCustomizer", { timeout: 20_000 }, () => {
  it("starts from the saved style, previews changes live and saves them", async () => {
    const user = userEvent.setup();
    const { dialog, posts, onSaved, onClose, qc } = setup();
    const preview = within(dialog).getByRole("group", { name: NAME_TAG_TEXTS.preview });
    expect(within(preview).getByText(me.username)).toHaveStyle({ color: "#ff0000" });
    expect(within(dialog).getByLabelText(NAME_TAG_TEXTS.textColour)).toHaveValue("#ff0000");

    await user.click(
      within(dialog).getByRole("button", { name: NAME_TAG_TEXTS.backgroundTypes.gradient }),
    );
    await user.click(within(dialog).getByRole("button", { name: NAME_TAG_TEXTS.addColour }));
    expect(within(dialog).getByLabelText(NAME_TAG_TEXTS.gradientColour(3))).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: NAME_TAG_TEXTS.addColour })).toBeNull();
    const slider = within(dialog).getByRole("slider");
    expect(slider).toHaveAttribute("aria-valuemin", String(NAME_TAG_LIMITS.angleMin));
    expect(slider).toHaveAttribute("aria-valuemax", String(NAME_TAG_LIMITS.angleMax));
    act(() => slider.focus());
    await user.keyboard("{End}");
    await user.click(within(dialog).getByRole("radio", { name: NAME_TAG_TEXTS.animations.pulse }));
    expect(getComputedStyle(within(preview).getByText(me.username)).backgroundImage).toMatch(
      /linear-gradient\(360deg/,
    );

    await user.click(within(dialog).getByRole("button", { name: NAME_TAG_TEXTS.save }));
    expect(await screen.findByText(NAME_TAG_TEXTS.saved)).toBeVisible();
    const expected = {
      textColor: "#ff0000",
      backgroundType: "gradient",
      profileAnimation: "pulse",
      gradient: { colors: ["#7c3aed", "#22d3ee", "#ffffff"], angle: 360 },
    };
    expect(posts()).toEqual([{ nameTagStyling: expected }]);
    expect(onSaved).toHaveBeenCalledWith(expected);
    expect(onClose).toHaveBeenCalled();
    expect((qc.getQueryData(meKey) as { nameTagStyling: unknown }).nameTagStyling).toEqual(
      expected,
    );
  });

  it("says 'Error Saving Settings' when the server refuses", async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = setup(() => json({ message: "nope" }, 500));
    await user.click(within(dialog).getByRole("button", { name: NAME_TAG_TEXTS.save }));
    expect(await screen.findByText(NAME_TAG_TEXTS.error)).toBeVisible();
    expect(screen.getByText(NAME_TAG_TEXTS.errorText)).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("refuses an image URL that is not https or does not load", async () => {
    const user = userEvent.setup();
    const { dialog, posts } = setup();
    await user.click(
      within(dialog).getByRole("button", { name: NAME_TAG_TEXTS.backgroundTypes.image }),
    );
    const url = within(dialog).getByLabelText(NAME_TAG_TEXTS.imageUrl);

    await user.click(url);
    await user.paste("http://img.example/good.png");
    await user.click(within(dialog).getByRole("button", { name: NAME_TAG_TEXTS.save }));
    expect(await within(dialog).findByText(NAME_TAG_TEXTS.imageInvalid)).toBeVisible();

    await user.clear(url);
    await user.click(url);
    await user.paste("https://img.example/missing.png");
    await user.click(within(dialog).getByRole("button", { name: NAME_TAG_TEXTS.save }));
    expect(await within(dialog).findByText(NAME_TAG_TEXTS.imageInvalid)).toBeVisible();
    expect(posts()).toEqual([]);

    await user.clear(url);
    await user.click(url);
    await user.paste("https://img.example/good.png");
    await user.click(within(dialog).getByRole("button", { name: NAME_TAG_TEXTS.save }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].nameTagStyling).toMatchObject({
      backgroundType: "image",
      backgroundImage: "https://img.example/good.png",
    });
  });

  it("saves presets with a label, newest first, applies and deletes them", async () => {
    const user = userEvent.setup();
    const seeded = savePreset([], "Old one", {
      textColor: "#00ff00",
      backgroundType: "color",
      backgroundColor: "#111111",
    });
    if (!seeded.ok) throw new Error(seeded.error);
    const { dialog } = setup();
    const list = () => within(dialog).getByRole("list", { name: NAME_TAG_TEXTS.presets });

    await user.click(within(dialog).getByRole("button", { name: NAME_TAG_TEXTS.savePreset }));
    expect(within(dialog).getByText(NAME_TAG_TEXTS.presetLabelRequired)).toBeVisible();

    await user.type(within(dialog).getByLabelText(NAME_TAG_TEXTS.presetLabel), "Red alert");
    await user.click(within(dialog).getByRole("button", { name: NAME_TAG_TEXTS.savePreset }));
    const applies = within(list()).getAllByRole("button", { name: /^Apply preset/ });
    expect(applies.map((b) => b.getAttribute("aria-label"))).toEqual([
      NAME_TAG_TEXTS.applyPreset("Red alert"),
      NAME_TAG_TEXTS.applyPreset("Old one"),
    ]);
    expect(within(dialog).getByText(NAME_TAG_TEXTS.presetCount(2))).toBeVisible();

    await user.click(
      within(list()).getByRole("button", { name: NAME_TAG_TEXTS.applyPreset("Old one") }),
    );
    expect(within(dialog).getByLabelText(NAME_TAG_TEXTS.textColour)).toHaveValue("#00ff00");
    expect(within(dialog).getByLabelText(NAME_TAG_TEXTS.backgroundColour)).toHaveValue("#111111");

    await user.click(
      within(list()).getByRole("button", { name: NAME_TAG_TEXTS.deletePreset("Red alert") }),
    );
    expect(
      within(list()).queryByRole("button", { name: NAME_TAG_TEXTS.applyPreset("Red alert") }),
    ).toBeNull();
  });
});
