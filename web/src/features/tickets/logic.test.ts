import { TICKET_MESSAGES } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { dayLabel, filterTickets, groupByDay, NO_FILTER } from "./logic.ts";
import { makeMessage, makeTicket } from "./test-utils.tsx";

// Local times: the day headers follow the viewer's calendar.
const now = new Date(2026, 2, 10, 9, 30);
const at = (day: number, hour: number, minute = 0) =>
  new Date(2026, 2, day, hour, minute).toISOString();

describe("groupByDay", () => {
  it("groups consecutive messages by local day, labelled Today, Yesterday or the date", () => {
    const messages = [
      makeMessage({ _id: "a", timestamp: at(6, 23, 59) }),
      makeMessage({ _id: "b", timestamp: at(9, 0, 0) }),
      makeMessage({ _id: "c", timestamp: at(9, 23, 59) }),
      makeMessage({ _id: "d", timestamp: at(10, 0, 0) }),
      makeMessage({ _id: "e", timestamp: at(10, 9, 0) }),
    ];
    const groups = groupByDay(messages, now);
    expect(groups.map((g) => [g.label, g.messages.map((m) => m._id)])).toEqual([
      [
        new Date(2026, 2, 6).toLocaleDateString(undefined, {
          weekday: "short",
          day: "numeric",
          month: "short",
          year: "numeric",
        }),
        ["a"],
      ],
      [TICKET_MESSAGES.yesterday, ["b", "c"]],
      [TICKET_MESSAGES.today, ["d", "e"]],
    ]);
  });

  it("reads `date` when a message has no `timestamp`, and gives nothing for no messages", () => {
    const m = { ...makeMessage({ date: at(10, 8) }), timestamp: undefined as unknown as string };
    expect(groupByDay([m], now).map((g) => g.label)).toEqual([TICKET_MESSAGES.today]);
    expect(groupByDay([], now)).toEqual([]);
  });

  it("counts Yesterday across a month boundary", () => {
    const firstOfMonth = new Date(2026, 3, 1, 8);
    expect(dayLabel(new Date(2026, 2, 31, 22), firstOfMonth)).toBe(TICKET_MESSAGES.yesterday);
    expect(dayLabel(new Date(2026, 2, 30, 22), firstOfMonth)).not.toBe(TICKET_MESSAGES.yesterday);
  });
});

describe("filterTickets", () => {
  const list = [
    makeTicket({ _id: "1", title: "Stream drops", priority: "Major", status: "Open" }),
    makeTicket({ _id: "2", title: "Typo on schedule", priority: "Minor", status: "Closed" }),
    makeTicket({ _id: "3", title: "stream too quiet", priority: "Minor", status: "Open" }),
  ];
  const ids = (f: Partial<typeof NO_FILTER>) =>
    filterTickets(list, { ...NO_FILTER, ...f }).map((t) => t._id);

  it("searches titles case-insensitively and combines the status and priority filters", () => {
    expect(ids({})).toEqual(["1", "2", "3"]);
    expect(ids({ search: "  STREAM " })).toEqual(["1", "3"]);
    expect(ids({ status: "Closed" })).toEqual(["2"]);
    expect(ids({ priority: "Minor" })).toEqual(["2", "3"]);
    expect(ids({ search: "stream", priority: "Minor", status: "Open" })).toEqual(["3"]);
    expect(ids({ search: "nothing like it" })).toEqual([]);
  });
});
