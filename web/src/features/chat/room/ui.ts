import type { ChatMessageType, ChatMessageView, ChatUser, UserData } from "@airwave/contracts";
import type { ComponentType } from "react";

/**
 * How a feature shows itself in the chat room's screen (the state side is `defineRoomFeature`): the
 * places of `ChatRoomView` a feature may fill. A feature declares its part with `defineRoomUi` in
 * its own folder and adds one line to `ROOM_UI` (`ui-features.ts`); the chat screen never names it.
 * Every component renders inside the room (`useRoomState`, `useRoomEvent`, `useRoom` work there).
 */

/** What every place's component is given. */
export interface RoomUiProps {
  /** The signed-in member. */
  me: UserData;
  /** A phone-sized screen (chat spec 9: 760 px or less, or a mobile agent). */
  mobile: boolean;
}

/** What a user menu item is given: the member whose menu it is, and how to close the menu. */
export interface RoomUserMenuProps extends RoomUiProps {
  user: ChatUser;
  close: () => void;
}

/** What a user list mark is given: the member of the row. */
export interface RoomUserBadgeProps extends RoomUiProps {
  user: ChatUser;
}

/** What a feature's chat message component is given (it draws the whole message). */
export interface RoomMessageProps {
  message: ChatMessageView;
  meId?: string;
}

export interface RoomUi {
  /** The feature's name (React keys, errors). */
  name: string;
  /** Items of the chat box's header, left of the room's own buttons, in `ROOM_UI` order. */
  header?: ComponentType<RoomUiProps>;
  /** A banner between the up-next banner and the messages (shown only when it has something). */
  banner?: ComponentType<RoomUiProps>;
  /** Mounted once with the room: the feature's dialogs and modals that open on their own. */
  overlay?: ComponentType<RoomUiProps>;
  /**
   * The stage: a panel above the chat box's header (the live area of the room). It renders what it
   * shows itself; with no feature filling it, nothing is there.
   */
  stage?: ComponentType<RoomUiProps>;
  /** The top of the side panel, above the user list (in the mobile drawer too). */
  sidePanel?: ComponentType<RoomUiProps>;
  /**
   * Items of each member's menu in the user list, after the room's own; an item renders nothing
   * when it has nothing to offer for that member.
   */
  userMenu?: ComponentType<RoomUserMenuProps>;
  /**
   * A mark after each member's name in the user list (an icon with an accessible name), rendering
   * nothing when the feature has nothing to say about that member.
   */
  userBadge?: ComponentType<RoomUserBadgeProps>;
  /** The chat messages of these types are drawn by the feature (in place of the system line). */
  messages?: Partial<Record<ChatMessageType, ComponentType<RoomMessageProps>>>;
}

/** Declares a feature's part of the chat screen. */
export const defineRoomUi = (ui: RoomUi): RoomUi => ui;

/** The message components of a list of features, by type (the first feature naming a type wins). */
export function messageComponentsOf(
  uis: readonly RoomUi[],
): Partial<Record<ChatMessageType, ComponentType<RoomMessageProps>>> {
  const out: Partial<Record<ChatMessageType, ComponentType<RoomMessageProps>>> = {};
  for (const ui of uis) {
    for (const [type, component] of Object.entries(ui.messages ?? {}) as [
      ChatMessageType,
      ComponentType<RoomMessageProps>,
    ][]) {
      out[type] ??= component;
    }
  }
  return out;
}
