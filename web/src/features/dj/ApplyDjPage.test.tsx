import {
  DJ_MESSAGES,
  type MyDjAppAnswer,
  type MyDjAppFound,
  STREAMING_PASSWORD_FORMATS,
} from "@airwave/contracts";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, json, mockFetch, signedInQueryClient } from "../../test/fake-session.tsx";
import { ApplyDjPage } from "./ApplyDjPage.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const streaming = { host: "stream.airwave.test", ip: "203.0.113.7", port: 8005 };
const none: MyDjAppAnswer = { status: null, streaming };

const application = (over: Partial<MyDjAppFound> = {}): MyDjAppFound => ({
  _id: "app-1",
  applicationId: "app-1",
  status: "pending",
  experience: "Ten years of warehouse sets.\nResident at The Cellar.",
  equipment: "XDJ-RX3",
  availability: "Fridays 22:00-02:00",
  genre: ["House", "Drum & Bass"],
  mixcloud: "https://www.mixcloud.com/night-owl/",
  submittedAt: "2026-03-14T20:30:00.000Z",
  decidedAt: null,
  streaming,
  ...over,
});

function renderPage() {
  return render(
    <AppProviders qc={signedInQueryClient()}>
      <ApplyDjPage />
    </AppProviders>,
  );
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Every popup has closed (their exit transitions too), so the page is back in the a11y tree. */
const popupsClosed = () =>
  waitFor(() => expect(document.querySelectorAll(".MuiDialog-root")).toHaveLength(0));

type User = ReturnType<typeof userEvent.setup>;

const field = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) });
const submitButton = () => screen.getByRole("button", { name: "Submit Application" });

async function pickGenres(user: User, genres: string[]) {
  await user.click(screen.getByRole("combobox", { name: /Music Genres/ }));
  const list = await screen.findByRole("listbox");
  for (const g of genres) await user.click(within(list).getByRole("option", { name: g }));
  await user.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
}

async function fillValid(user: User) {
  await user.type(field("Experience"), "Five years of club nights");
  await user.type(field("Equipment"), "CDJ-3000s");
  await user.type(field("Availability"), "Weekends");
  await pickGenres(user, ["Techno", "House"]);
  await user.type(field("Mixcloud Profile URL"), "https://www.mixcloud.com/me/");
}

describe("Apply DJ: the form (no application yet)", { timeout: 30_000 }, () => {
  it("shows the form with the streaming server details; Submit disabled until valid", async () => {
    mockFetch(() => json(none));
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByRole("form", { name: "DJ application" })).toBeInTheDocument();
    expect(field("Experience")).toHaveAttribute("rows", "4");
    expect(submitButton()).toBeDisabled();
    expect(screen.queryByRole("heading", { name: "Your Application" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Streaming Details" })).toBeNull();

    const server = screen.getByRole("region", { name: "Streaming Server" });
    expect(within(server).getByText(streaming.host)).toBeInTheDocument();
    expect(within(server).getByText(streaming.ip)).toBeInTheDocument();
    expect(within(server).getByText("8005")).toBeInTheDocument();
    for (const f of STREAMING_PASSWORD_FORMATS) {
      expect(within(server).getByText(f)).toBeInTheDocument();
    }

    await fillValid(user);
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });

  it("counts the experience characters", async () => {
    mockFetch(() => json(none));
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole("form", { name: "DJ application" });
    expect(screen.getByText("0 / 2000")).toBeInTheDocument();
    await user.type(field("Experience"), "Twelve chars");
    expect(screen.getByText("12 / 2000")).toBeInTheDocument();
  });

  it("shows each field's message when it is emptied or wrong", async () => {
    mockFetch(() => json(none));
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole("form", { name: "DJ application" });
    await fillValid(user);

    for (const [name, message] of [
      ["Experience", DJ_MESSAGES.experienceRequired],
      ["Equipment", DJ_MESSAGES.equipmentRequired],
      ["Availability", DJ_MESSAGES.availabilityRequired],
      ["Mixcloud Profile URL", DJ_MESSAGES.mixcloudRequired],
    ] as const) {
      await user.clear(field(name));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(submitButton()).toBeDisabled();
    }

    await user.type(field("Mixcloud Profile URL"), "www.mixcloud.com/me");
    expect(await screen.findByText(DJ_MESSAGES.mixcloudScheme)).toBeInTheDocument();

    // Unselecting every genre.
    await pickGenres(user, ["Techno", "House"]);
    expect(await screen.findByText(DJ_MESSAGES.genreRequired)).toBeInTheDocument();
  });

  it("submits: 'Submitting Application' while it goes, then 'Application Submitted!' and the summary", async () => {
    const answer = deferred<Response>();
    let applied = false;
    const fetchMock = mockFetch(({ path, method }) => {
      if (path === "/api/auth/applyDj" && method === "POST") {
        applied = true;
        return answer.promise;
      }
      if (path === "/api/auth/myDjApp") {
        return json(applied ? application({ experience: "Five years of club nights" }) : none);
      }
      return json({}, 404);
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole("form", { name: "DJ application" });
    await fillValid(user);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());

    const waiting = await screen.findByRole("dialog", { name: DJ_MESSAGES.submittingTitle });
    expect(within(waiting).getByText(DJ_MESSAGES.submitting)).toBeInTheDocument();
    // Behind the popup (hidden from assistive technology while it is open), Submit is disabled.
    expect(screen.getByRole("button", { name: "Submit Application", hidden: true })).toBeDisabled();

    const call = fetchMock.mock.calls.find(
      ([input]) => new URL(String(input), window.location.origin).pathname === "/api/auth/applyDj",
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      experience: "Five years of club nights",
      equipment: "CDJ-3000s",
      availability: "Weekends",
      genres: ["House", "Techno"],
      mixcloud: "https://www.mixcloud.com/me/",
    });

    answer.resolve(json(application(), 201));
    const done = await screen.findByRole("dialog", { name: DJ_MESSAGES.submittedTitle });
    expect(within(done).getByText(DJ_MESSAGES.submitted)).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: DJ_MESSAGES.submittingTitle })).toBeNull();
    await user.click(within(done).getByRole("button", { name: "OK" }));
    await popupsClosed();
    // Re-fetched: the summary replaces the form.
    expect(screen.getByRole("heading", { name: "Your Application" })).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "DJ application" })).toBeNull();
  });

  it("shows 'Submission Failed' with the server's message and keeps the form filled", async () => {
    mockFetch(({ path }) =>
      path === "/api/auth/applyDj"
        ? json({ message: "Something specific went wrong" }, 400)
        : json(none),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole("form", { name: "DJ application" });
    await fillValid(user);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    const failed = await screen.findByRole("dialog", { name: DJ_MESSAGES.submitFailedTitle });
    expect(within(failed).getByText("Something specific went wrong")).toBeInTheDocument();
    await user.click(within(failed).getByRole("button", { name: "OK" }));
    await popupsClosed();
    expect(field("Equipment")).toHaveValue("CDJ-3000s");
    expect(submitButton()).toBeEnabled();
  });

  it("falls back to the generic failure text when the server sent no message", async () => {
    mockFetch(({ path }) =>
      path === "/api/auth/applyDj" ? new Response("", { status: 502 }) : json(none),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole("form", { name: "DJ application" });
    await fillValid(user);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    const failed = await screen.findByRole("dialog", { name: DJ_MESSAGES.submitFailedTitle });
    expect(within(failed).getByText(DJ_MESSAGES.submitFailed)).toBeInTheDocument();
  });
});

describe("Apply DJ: the summary", { timeout: 30_000 }, () => {
  const chip = () => screen.getByLabelText(/^Status: /);

  it("shows a pending application read-only, without streaming details", async () => {
    mockFetch(() => json(application()));
    renderPage();
    expect(await screen.findByRole("heading", { name: "Your Application" })).toBeInTheDocument();
    expect(chip()).toHaveTextContent("Pending");
    expect(chip().className).toMatch(/colorWarning/);
    expect(screen.getByText(DJ_MESSAGES.pendingNote)).toBeInTheDocument();
    expect(
      within(screen.getByRole("group", { name: "Experience" })).getByText(/Ten years/),
    ).toBeInTheDocument();
    expect(screen.getByText("XDJ-RX3")).toBeInTheDocument();
    expect(screen.getByText("Fridays 22:00-02:00")).toBeInTheDocument();
    const genres = within(screen.getByRole("list", { name: "Music genres" })).getAllByRole(
      "listitem",
    );
    expect(genres.map((g) => g.textContent)).toEqual(["House", "Drum & Bass"]);
    const link = screen.getByRole("link", { name: "https://www.mixcloud.com/night-owl/" });
    expect(link).toHaveAttribute("href", "https://www.mixcloud.com/night-owl/");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toMatch(/noopener/);
    const submitted = within(screen.getByRole("group", { name: "Submitted" })).getByText(/2026/);
    expect(submitted.closest("time")).toHaveAttribute("dateTime", "2026-03-14T20:30:00.000Z");

    expect(screen.queryByRole("form", { name: "DJ application" })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Streaming Details" })).toBeNull();
    expect(screen.getByRole("region", { name: "Streaming Server" })).toBeInTheDocument();
  });

  it("gives an approved DJ their streaming details: password hidden until shown, copyable", async () => {
    mockFetch(() =>
      json(
        application({
          status: "approved",
          radioUsername: "night_owl",
          radioPassword: "Ab3dEf6hIj9kLm2n",
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    const details = await screen.findByRole("region", { name: "Streaming Details" });
    expect(chip()).toHaveTextContent("Approved");
    expect(chip().className).toMatch(/colorSuccess/);
    expect(within(details).getByLabelText("Radio Username")).toHaveValue("night_owl");
    const password = within(details).getByLabelText("Radio Password");
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveValue("Ab3dEf6hIj9kLm2n");

    await user.click(within(details).getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await user.click(within(details).getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");

    await user.click(within(details).getByRole("button", { name: "Copy password" }));
    expect(await navigator.clipboard.readText()).toBe("Ab3dEf6hIj9kLm2n");
    expect(await within(details).findAllByText(DJ_MESSAGES.copied)).not.toHaveLength(0);
    await user.click(within(details).getByRole("button", { name: "Copy username" }));
    expect(await navigator.clipboard.readText()).toBe("night_owl");

    // The connection details stay below.
    const server = screen.getByRole("region", { name: "Streaming Server" });
    expect(within(server).getByText("8005")).toBeInTheDocument();
  });

  it("says so when an approved DJ's password cannot be shown", async () => {
    mockFetch(() => json(application({ status: "approved", radioUsername: "night_owl" })));
    renderPage();
    const details = await screen.findByRole("region", { name: "Streaming Details" });
    expect(within(details).getByText(DJ_MESSAGES.credentialsUnavailable)).toBeInTheDocument();
    expect(within(details).queryByLabelText("Radio Password")).toBeNull();
  });

  it("shows a rejected application in red and lets the member apply again", async () => {
    mockFetch(() => json(application({ status: "rejected" })));
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole("heading", { name: "Your Application" });
    expect(chip()).toHaveTextContent("Rejected");
    expect(chip().className).toMatch(/colorError/);
    expect(screen.queryByRole("heading", { name: "Streaming Details" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Apply Again" }));
    expect(screen.getByRole("form", { name: "DJ application" })).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it("uses the default colour for a status it does not know", async () => {
    mockFetch(() => json(application({ status: "archived" as never })));
    renderPage();
    await screen.findByRole("heading", { name: "Your Application" });
    expect(chip()).toHaveTextContent("Archived");
    expect(chip().className).toMatch(/colorDefault/);
  });

  it("offers a retry when the application cannot be loaded", async () => {
    let fail = true;
    mockFetch(() => (fail ? json({ message: "down" }, 500) : json(none)));
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText(DJ_MESSAGES.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("form", { name: "DJ application" })).toBeInTheDocument();
  });
});
