import type { TicketMessageView, TicketView } from "@airwave/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { SnackbarProvider } from "notistack";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import type { mockFetch } from "../../test/fake-session.tsx";
import { AppProviders, signedInQueryClient } from "../../test/fake-session.tsx";
import { ticketKeys } from "./cache.ts";

export { json, mockFetch } from "../../test/fake-session.tsx";

export function makeMessage(over: Partial<TicketMessageView> = {}): TicketMessageView {
  const at = over.timestamp ?? over.date ?? new Date().toISOString();
  return {
    _id: "m1",
    sender: "alice",
    content: "Hello?",
    timestamp: at,
    date: at,
    fromAdmin: false,
    ...over,
  };
}

export function makeTicket(over: Partial<TicketView> = {}): TicketView {
  const id = over._id ?? "t1";
  const at = new Date().toISOString();
  return {
    _id: id,
    ticketId: id,
    title: "Player will not start",
    description: "It spins forever.",
    priority: "Minor",
    status: "Open",
    createdAt: at,
    updatedAt: at,
    closedAt: null,
    userId: "u-me",
    username: "alice",
    messages: [],
    ...over,
  };
}

/** The calls `fetch` received for one path. */
export const callsTo = (fn: ReturnType<typeof mockFetch>, path: string) =>
  fn.mock.calls.filter(
    ([input]) => new URL(String(input), window.location.origin).pathname === path,
  );

/** A signed-in query client, holding the member's own tickets when given. */
export function testQueryClient(mine?: TicketView[]) {
  return signedInQueryClient((qc) => {
    if (mine) qc.setQueryData(ticketKeys.mine, { tickets: mine });
  }, true);
}

export function renderWith(ui: ReactElement, qc: QueryClient = testQueryClient()) {
  return render(
    <AppProviders qc={qc}>
      <SnackbarProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </SnackbarProvider>
    </AppProviders>,
  );
}
