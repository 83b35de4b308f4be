import { USER_LIMITS, USER_MESSAGES } from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EditProfileDialog } from "./EditProfileDialog.tsx";
import { profileKeys } from "./hooks.ts";
import { bodiesSentTo, json, makeProfile, me, mockFetch, renderAt } from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const own = makeProfile({ _id: me._id, id: me._id, username: me.username, interests: "rock,jazz" });

function openEditor(onClose = vi.fn()) {
  return renderAt(
    <EditProfileDialog profile={own} open onClose={onClose} />,
    `/user/${me.username}`,
  );
}

const chips = () =>
  within(screen.getByRole("list", { name: "Your interests" }))
    .getAllByRole("listitem")
    .map((li) => li.textContent);

describe("Edit Profile: interests", { timeout: 30_000 }, () => {
  it("adds with space, Enter or comma, ignores duplicates and strips commas", async () => {
    mockFetch(() => json({}));
    const user = userEvent.setup({ delay: null });
    openEditor();
    expect(chips()).toEqual(["rock", "jazz"]);
    const input = screen.getByRole("textbox", { name: "Interests" });

    await user.type(input, "pop ");
    await user.type(input, "house{Enter}");
    await user.type(input, "techno,");
    expect(chips()).toEqual(["rock", "jazz", "pop", "house", "techno"]);
    expect(input).toHaveValue("");

    // Duplicates (any case) are not added twice.
    await user.type(input, "Rock ");
    await user.type(input, "pop{Enter}");
    expect(chips()).toEqual(["rock", "jazz", "pop", "house", "techno"]);

    // Pasted text is split on commas and spaces; no chip keeps a comma.
    await user.click(input);
    await user.paste("deep,,soul funk");
    expect(chips()).toEqual(["rock", "jazz", "pop", "house", "techno", "deep", "soul"]);
    expect(input).toHaveValue("funk");
    expect(chips().some((c) => c?.includes(","))).toBe(false);
  });

  it("removes the last chip with Backspace on an empty input", async () => {
    mockFetch(() => json({}));
    const user = userEvent.setup({ delay: null });
    openEditor();
    const input = screen.getByRole("textbox", { name: "Interests" });
    await user.type(input, "ab{Backspace}{Backspace}");
    expect(chips()).toEqual(["rock", "jazz"]);
    await user.type(input, "{Backspace}");
    expect(chips()).toEqual(["rock"]);
  });

  it("disables the input at 10 and says 'Max 10'", async () => {
    mockFetch(() => json({}));
    const user = userEvent.setup({ delay: null });
    openEditor();
    const input = screen.getByRole("textbox", { name: "Interests" });
    for (let i = chips().length; i < USER_LIMITS.interestsMax; i++) {
      await user.type(input, `tag${i} `);
    }
    expect(chips()).toHaveLength(USER_LIMITS.interestsMax);
    expect(input).toBeDisabled();
    expect(screen.getByText(USER_MESSAGES.interestsMax)).toBeInTheDocument();

    // Removing one opens the input again.
    await user.click(screen.getByLabelText("Remove rock"));
    expect(chips()).toHaveLength(USER_LIMITS.interestsMax - 1);
    expect(screen.getByRole("textbox", { name: "Interests" })).toBeEnabled();
  });
});

describe("Edit Profile: custom links", { timeout: 30_000 }, () => {
  it("flags an invalid link, disables Save until it is fixed, and caps the list at 4", async () => {
    mockFetch(() => json({}));
    const user = userEvent.setup({ delay: null });
    openEditor();
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Add link" }));
    const link1 = () => screen.getByRole("textbox", { name: "Link 1" });
    const fill = async (text: string) => {
      await user.clear(link1());
      await user.click(link1());
      await user.paste(text);
    };
    await fill("javascript:alert(1)");
    expect(screen.getByRole("alert")).toHaveTextContent(USER_MESSAGES.linksInvalid);
    expect(save).toBeDisabled();

    await fill("not a link");
    expect(save).toBeDisabled();

    await fill("mixcloud.com/dj-alice");
    expect(screen.queryByText(USER_MESSAGES.linksInvalid)).not.toBeInTheDocument();
    expect(save).toBeEnabled();

    for (let i = 1; i < USER_LIMITS.customLinksMax; i++) {
      await user.click(screen.getByRole("button", { name: "Add link" }));
    }
    expect(screen.getByRole("button", { name: "Add link" })).toBeDisabled();
    // Blank rows are not links: they are dropped, not refused.
    expect(save).toBeEnabled();
  });

  it("saves the profile and reloads it", async () => {
    const fetchMock = mockFetch(({ path }) =>
      path === "/api/auth/updateProfile" ? json({ ...me, bio: "Hi" }) : json({}),
    );
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    const { qc } = openEditor(onClose);
    qc.setQueryData(profileKeys.view(me.username), own);

    await user.type(screen.getByRole("textbox", { name: "Bio" }), "Hi");
    expect(screen.getByText(`2/${USER_LIMITS.bioMax}`)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add link" }));
    await user.click(screen.getByRole("textbox", { name: "Link 1" }));
    await user.paste("https://example.com/me");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSentTo(fetchMock, "/api/auth/updateProfile")).toEqual([
      expect.objectContaining({
        bio: "Hi",
        age: null,
        interests: "rock,jazz",
        customLinks: ["https://example.com/me"],
      }),
    ]);
    expect(qc.getQueryState(profileKeys.view(me.username))?.isInvalidated).toBe(true);
  });
});
