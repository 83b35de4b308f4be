import { describe, expect, it } from "vitest";
import { applyDjSchema, DJ_GENRES, DJ_MESSAGES, splitCombinedStreamingPassword } from "./dj.ts";

const valid = {
  experience: "Five years",
  equipment: "CDJs",
  availability: "Weekends",
  genres: ["Techno"],
  mixcloud: "https://www.mixcloud.com/me/",
};
const firstMessage = (input: unknown) => {
  const r = applyDjSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe("applyDjSchema", () => {
  it("accepts a complete application, trimmed, genres merged in the list's order", () => {
    const r = applyDjSchema.parse({
      ...valid,
      experience: "  Five years ",
      genres: ["Other", "House", "Other"],
      mixcloud: " HTTPS://mixcloud.com/me ",
    });
    expect(r.experience).toBe("Five years");
    expect(r.genres).toEqual(["House", "Other"]);
    expect(r.mixcloud).toBe("HTTPS://mixcloud.com/me");
  });

  it("offers the spec's twelve genres", () => {
    expect(DJ_GENRES).toEqual([
      "House",
      "Techno",
      "Trance",
      "Drum & Bass",
      "Dubstep",
      "Hip Hop",
      "R&B",
      "Pop",
      "Rock",
      "EDM",
      "Hardcore",
      "Other",
    ]);
  });

  it.each([
    [{ experience: "" }, DJ_MESSAGES.experienceRequired],
    [{ equipment: " " }, DJ_MESSAGES.equipmentRequired],
    [{ availability: undefined }, DJ_MESSAGES.availabilityRequired],
    [{ genres: [] }, DJ_MESSAGES.genreRequired],
    [{ mixcloud: "" }, DJ_MESSAGES.mixcloudRequired],
    [{ mixcloud: "mixcloud.com/me" }, DJ_MESSAGES.mixcloudScheme],
    [{ mixcloud: "javascript:alert(1)//http://" }, DJ_MESSAGES.mixcloudScheme],
  ])("refuses %o with its message", (over, message) => {
    expect(firstMessage({ ...valid, ...over })).toBe(message);
  });
});

describe("splitCombinedStreamingPassword", () => {
  it("reads both formats, splitting at the first separator", () => {
    expect(splitCombinedStreamingPassword("night_owl:Ab3dEf6h")).toEqual({
      username: "night_owl",
      password: "Ab3dEf6h",
    });
    expect(splitCombinedStreamingPassword("night_owl,Ab3dEf6h")).toEqual({
      username: "night_owl",
      password: "Ab3dEf6h",
    });
  });

  it("is null without a separator or without a username", () => {
    expect(splitCombinedStreamingPassword("Ab3dEf6h")).toBeNull();
    expect(splitCombinedStreamingPassword(":Ab3dEf6h")).toBeNull();
  });
});
