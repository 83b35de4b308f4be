import {
  TICKET_MESSAGES,
  type TicketMessageView,
  type TicketPriority,
  type TicketStatus,
  type TicketView,
} from "@airwave/contracts";

export interface TicketFilter {
  search: string;
  status: TicketStatus | "";
  priority: TicketPriority | "";
}

export const NO_FILTER: TicketFilter = { search: "", status: "", priority: "" };

/** Search by title (case-insensitive) and the status and priority filters; order is kept. */
export function filterTickets(list: TicketView[], filter: TicketFilter): TicketView[] {
  const q = filter.search.trim().toLowerCase();
  return list.filter(
    (t) =>
      (!q || t.title.toLowerCase().includes(q)) &&
      (!filter.status || t.status === filter.status) &&
      (!filter.priority || t.priority === filter.priority),
  );
}

interface DayGroup {
  /** The local calendar day, YYYY-MM-DD. */
  key: string;
  /** 'Today', 'Yesterday', or the date. */
  label: string;
  messages: TicketMessageView[];
}

const dayKey = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** The label of a day header, in the viewer's time zone. */
export function dayLabel(date: Date, now: Date = new Date()): string {
  const key = dayKey(date);
  if (key === dayKey(now)) return TICKET_MESSAGES.today;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (key === dayKey(yesterday)) return TICKET_MESSAGES.yesterday;
  return date.toLocaleDateString(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
}

/** A ticket's messages (oldest first) grouped by the local day they were written on. */
export function groupByDay(messages: TicketMessageView[], now: Date = new Date()): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const m of messages) {
    const at = new Date(m.timestamp ?? m.date);
    const key = dayKey(at);
    const last = groups.at(-1);
    if (last?.key === key) last.messages.push(m);
    else groups.push({ key, label: dayLabel(at, now), messages: [m] });
  }
  return groups;
}
