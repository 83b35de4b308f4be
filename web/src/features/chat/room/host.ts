import {
  type ChatClientEvent,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type {
  AnyRoomFeature,
  RoomEffects,
  RoomEmitArgs,
  RoomEvent,
  RoomEventPayloads,
  RoomFeature,
  RoomReducer,
  RoomStateOf,
} from "./feature.ts";
import type { ChatSocketFactory, ChatSocketLike } from "./socket.ts";

type Slots = Record<string, unknown>;

/** A feature running in this room: its slot names, its reducers and what they may do. */
interface Running {
  keys: readonly string[];
  on: Partial<Record<RoomEvent, RoomReducer<Slots, RoomEvent>>>;
  effects: RoomEffects<Slots>;
}

const pick = (state: Slots, keys: readonly string[]): Slots => {
  const slots: Slots = {};
  for (const key of keys) slots[key] = state[key];
  return slots;
};

/**
 * One member's connection to the chat room: the host of the room's features on the web. It runs the
 * connection (status, the presence answer, closing on page hide) and hands every server event to
 * each feature's reducer, then to the components listening with `on` (`useRoomEvent`). The state is
 * an external store for React (`subscribe`/`getState`): the status plus every feature's slots.
 */
export class ChatRoomClient<F extends readonly AnyRoomFeature[] = readonly AnyRoomFeature[]> {
  private state: Slots = { status: "connecting" };
  private running: Running[] = [];
  private readonly byFeature = new Map<AnyRoomFeature, Running>();
  private readonly listeners = new Set<() => void>();
  private readonly handlers = new Map<string, Set<(payload: never) => void>>();
  private readonly listening = new Set<string>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private socket: ChatSocketLike | null = null;
  /** Why the last connection attempt failed (the socket's `connect_error`), null before any. */
  connectError: string | null = null;
  private disposed = false;
  /** Which `connect` a socket being opened belongs to (one opened before a `dispose` is dropped). */
  private attempt = 0;
  private seq = 0;

  constructor(
    private readonly features: F,
    private readonly factory: ChatSocketFactory,
    private readonly meId: () => string | undefined = () => undefined,
  ) {
    this.start();
  }

  /** Starts every feature: a new room's slots and reducers. */
  private start() {
    const state: Slots = { status: "connecting" };
    const owners = new Map<string, string>([["status", "the room"]]);
    this.running = [];
    this.byFeature.clear();
    for (const feature of this.features) {
      const { initial, on } = feature.start() as { initial: Slots; on: Running["on"] };
      const keys = Object.keys(initial);
      for (const key of keys) {
        const owner = owners.get(key);
        if (owner)
          throw new Error(
            `Room feature "${feature.name}" declares slot "${key}", already ${owner}'s`,
          );
        owners.set(key, feature.name);
      }
      Object.assign(state, initial);
      const running: Running = { keys, on, effects: this.effectsFor(() => running) };
      this.running.push(running);
      this.byFeature.set(feature, running);
    }
    this.state = state;
  }

  private effectsFor(running: () => Running): RoomEffects<Slots> {
    return {
      meId: () => this.meId(),
      emit: (event, ...args) => this.emit(event, ...args),
      later: (ms, update) => this.later(ms, () => this.updateSlots(running(), update)),
      nextKey: () => ++this.seq,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = (): RoomStateOf<F> => this.state as RoomStateOf<F>;

  get connected() {
    return !!this.socket?.connected;
  }

  private commit(next: Slots) {
    if (next === this.state || this.disposed) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private updateSlots(running: Running, update: (slots: Slots) => Slots) {
    const slots = pick(this.state, running.keys);
    const out = update(slots);
    if (out !== slots) this.commit({ ...this.state, ...out });
  }

  /** A feature's slots as they are now. */
  read<S extends object>(feature: RoomFeature<S>): S {
    return pick(this.state, this.runningOf(feature).keys) as S;
  }

  /** Changes a feature's slots now (its actions: a toast dismissed, a request sent). */
  update<S extends object>(feature: RoomFeature<S>, update: (slots: S) => S): void {
    this.updateSlots(this.runningOf(feature), update as unknown as (slots: Slots) => Slots);
  }

  /** Changes a feature's slots after `ms`, unless the room is closed by then. */
  updateLater<S extends object>(feature: RoomFeature<S>, ms: number, update: (slots: S) => S) {
    const running = this.runningOf(feature);
    this.later(ms, () => this.updateSlots(running, update as unknown as (slots: Slots) => Slots));
  }

  private runningOf(feature: AnyRoomFeature): Running {
    const running = this.byFeature.get(feature);
    if (!running) throw new Error(`Room feature "${feature.name}" is not in this room`);
    return running;
  }

  private later(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.disposed) fn();
    }, ms);
    this.timers.add(timer);
  }

  /** Sends a client event of the room; false when the connection is not up. */
  emit<E extends ChatClientEvent>(event: E, ...args: RoomEmitArgs<E>): boolean {
    if (!this.socket?.connected) return false;
    this.socket.emit(event, ...args);
    return true;
  }

  /**
   * Sends a client event now or, while the connection is down, once it is back (Socket.IO keeps
   * it); false only before the socket exists.
   */
  queue<E extends ChatClientEvent>(event: E, ...args: RoomEmitArgs<E>): boolean {
    if (!this.socket) return false;
    this.socket.emit(event, ...args);
    return true;
  }

  /**
   * Calls `handler` with every `event` of the room, after the features have reduced it; answers
   * the function that stops it. `connect` also comes when the socket arrives already connected.
   */
  on<E extends RoomEvent>(event: E, handler: (payload: RoomEventPayloads[E]) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler);
    if (this.socket) this.listen(this.socket, event);
    return () => {
      set.delete(handler);
    };
  }

  /**
   * Leaving or reloading the page closes the room connection at once, so the next page's
   * connection is not taken for a second session of the same member.
   */
  private readonly onPageHide = () => {
    this.socket?.disconnect();
  };

  /**
   * Opens the connection. After `dispose` it opens a new room (features started again): React's
   * strict mode closes and reopens an effect's room once in development.
   */
  connect() {
    if (this.disposed) {
      this.disposed = false;
      this.start();
    }
    const attempt = ++this.attempt;
    globalThis.addEventListener?.("pagehide", this.onPageHide);
    this.factory().then(
      (socket) => {
        if (this.disposed || attempt !== this.attempt) {
          socket.disconnect();
          return;
        }
        this.socket = socket;
        this.attach(socket);
        if (socket.connected) this.receive("connect", undefined);
      },
      () => {
        if (!this.disposed && attempt === this.attempt)
          this.commit({ ...this.state, status: "disconnected" });
      },
    );
  }

  dispose() {
    this.disposed = true;
    globalThis.removeEventListener?.("pagehide", this.onPageHide);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.socket?.disconnect();
    this.socket = null;
    this.listening.clear();
    this.listeners.clear();
    this.handlers.clear();
  }

  private attach(socket: ChatSocketLike) {
    socket.on("connect_error", ((err: unknown) => {
      this.connectError =
        err instanceof Error && err.message ? err.message : String(err || "") || null;
      // A refusal by the server (no session) is final; a network error is retried by the client.
      this.commit({ ...this.state, status: socket.active === false ? "refused" : "disconnected" });
    }) as (payload: never) => void);
    const events = new Set<string>([
      "connect",
      "disconnect",
      OUT.presencePing,
      ...this.handlers.keys(),
    ]);
    for (const running of this.running)
      for (const event of Object.keys(running.on)) events.add(event);
    for (const event of events) this.listen(socket, event);
  }

  private listen(socket: ChatSocketLike, event: string) {
    if (this.listening.has(event)) return;
    this.listening.add(event);
    socket.on(event, ((payload: unknown) => this.receive(event as RoomEvent, payload)) as (
      payload: never,
    ) => void);
  }

  /** One event: the host's own part, each feature's reducer in turn, then the listeners. */
  private receive(event: RoomEvent, payload: unknown) {
    if (this.disposed) return;
    let next = this.state;
    const status =
      event === "connect" ? "connected" : event === "disconnect" ? "disconnected" : null;
    if (status && next.status !== status) next = { ...next, status };
    if (event === OUT.presencePing) this.emit(IN.presencePing, { at: Date.now() });
    for (const running of this.running) {
      const reduce = running.on[event];
      if (!reduce) continue;
      const slots = pick(next, running.keys);
      const out = reduce(slots, payload as never, running.effects);
      if (out !== slots) next = { ...next, ...out };
    }
    this.commit(next);
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload as never);
  }
}
