import {
  CHAT_EMOJI_CATEGORIES,
  CHAT_EMOJI_MESSAGES,
  CHAT_EMOJI_TEXTS,
  type ChatEmojiCategory,
} from "@airwave/contracts";
import AccessTimeIcon from "@mui/icons-material/AccessTime";
import CelebrationOutlinedIcon from "@mui/icons-material/CelebrationOutlined";
import DirectionsCarOutlinedIcon from "@mui/icons-material/DirectionsCarOutlined";
import EmojiEmotionsOutlinedIcon from "@mui/icons-material/EmojiEmotionsOutlined";
import EmojiFlagsOutlinedIcon from "@mui/icons-material/EmojiFlagsOutlined";
import EmojiObjectsOutlinedIcon from "@mui/icons-material/EmojiObjectsOutlined";
import EmojiPeopleOutlinedIcon from "@mui/icons-material/EmojiPeopleOutlined";
import EmojiSymbolsOutlinedIcon from "@mui/icons-material/EmojiSymbolsOutlined";
import FastfoodOutlinedIcon from "@mui/icons-material/FastfoodOutlined";
import PetsOutlinedIcon from "@mui/icons-material/PetsOutlined";
import SportsSoccerOutlinedIcon from "@mui/icons-material/SportsSoccerOutlined";
import { Box, CircularProgress, Typography } from "@mui/material";
import { type ReactElement, useEffect, useMemo, useState } from "react";
import { type ChatEmojiData, loadChatEmojiData } from "./chat-emojis.ts";
import { type EmojiCategory, EmojiPicker } from "./EmojiPicker.tsx";
import { EMOJI_PICKER_SIZE } from "./picker-size.ts";

const placeholder = {
  width: EMOJI_PICKER_SIZE.width.chat,
  maxWidth: EMOJI_PICKER_SIZE.maxWidth,
  height: EMOJI_PICKER_SIZE.height,
  display: "grid",
  placeItems: "center",
  p: 3,
} as const;

const ICONS: Record<ChatEmojiCategory, ReactElement> = {
  recent: <AccessTimeIcon fontSize="small" />,
  smileys_emotion: <EmojiEmotionsOutlinedIcon fontSize="small" />,
  people_body: <EmojiPeopleOutlinedIcon fontSize="small" />,
  animals_nature: <PetsOutlinedIcon fontSize="small" />,
  food_drink: <FastfoodOutlinedIcon fontSize="small" />,
  travel_places: <DirectionsCarOutlinedIcon fontSize="small" />,
  activities: <SportsSoccerOutlinedIcon fontSize="small" />,
  objects: <EmojiObjectsOutlinedIcon fontSize="small" />,
  symbols: <EmojiSymbolsOutlinedIcon fontSize="small" />,
  flags: <EmojiFlagsOutlinedIcon fontSize="small" />,
  party: <CelebrationOutlinedIcon fontSize="small" />,
};

/**
 * The chat room's emoji picker (chat spec 9): 11 categories, Recent, the 9 Unicode groups and
 * Party, as icon tabs. The Unicode data is loaded when the picker first opens.
 */
export function ChatEmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const [data, setData] = useState<ChatEmojiData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadChatEmojiData().then(
      (d) => live && setData(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const categories = useMemo<EmojiCategory[] | null>(
    () =>
      data &&
      CHAT_EMOJI_CATEGORIES.map((id) => ({
        id,
        label: CHAT_EMOJI_TEXTS[id],
        icon: ICONS[id],
        emojis: id === "recent" ? "recent" : data.categories[id],
      })),
    [data],
  );

  if (failed) {
    return (
      <Box sx={placeholder}>
        <Typography role="alert" color="error">
          {CHAT_EMOJI_MESSAGES.loadFailed}
        </Typography>
      </Box>
    );
  }
  if (!data || !categories) {
    return (
      <Box sx={placeholder}>
        <CircularProgress size={24} aria-label={CHAT_EMOJI_MESSAGES.loading} />
      </Box>
    );
  }
  return (
    <EmojiPicker
      onPick={onPick}
      categories={categories}
      nameOf={(char) => data.names.get(char) ?? char}
      tabsLabel={CHAT_EMOJI_MESSAGES.categories}
      width={EMOJI_PICKER_SIZE.width.chat}
    />
  );
}
