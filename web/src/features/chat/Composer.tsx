import {
  CHAT_LIMITS,
  CHAT_TEXTS,
  type ChatMessageInput,
  type ChatMessageView,
  type ChatUser,
  chatPlainText,
  DEFAULT_PROFILE_IMAGE,
  safeMediaUrl,
} from "@airwave/contracts";
import AddPhotoAlternateOutlinedIcon from "@mui/icons-material/AddPhotoAlternateOutlined";
import CloseIcon from "@mui/icons-material/Close";
import FormatBoldIcon from "@mui/icons-material/FormatBold";
import FormatItalicIcon from "@mui/icons-material/FormatItalic";
import FormatUnderlinedIcon from "@mui/icons-material/FormatUnderlined";
import GifBoxOutlinedIcon from "@mui/icons-material/GifBoxOutlined";
import SendIcon from "@mui/icons-material/Send";
import {
  Avatar,
  Box,
  IconButton,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import {
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { TooltipIconButton } from "../../ui/TooltipIconButton.tsx";
import { EmojiButton } from "../emoji/EmojiButton.tsx";
import { gifKeys } from "../gifs/api.ts";
import { GifDialog, type PickedGif } from "../gifs/GifDialog.tsx";
import { ColourPicker } from "./ColourPicker.tsx";
import { buildTextMessage, randomClientId } from "./compose.ts";
import { checkChatImage, ImageSendDialog } from "./ImageSendDialog.tsx";
import { activeMention, applyMention, mentionSuggestions } from "./mentions.ts";
import {
  type FormatPreferences,
  loadFormatPreferences,
  saveFormatPreferences,
} from "./preferences.ts";

type FormatKey = keyof FormatPreferences["messageFormats"];

function FormatToggle({
  label,
  pressed,
  onToggle,
  disabled,
  children,
}: {
  label: string;
  pressed: boolean;
  onToggle: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <TooltipIconButton
      label={label}
      pressed={pressed}
      onClick={onToggle}
      disabled={disabled}
      size="medium"
      sx={{
        color: pressed ? "primary.main" : undefined,
        bgcolor: pressed ? "rgba(167,139,250,0.16)" : undefined,
      }}
    >
      {children}
    </TooltipIconButton>
  );
}

/** Is a picked GIF one of the station's own (a `bvgif`) rather than from the GIF service? */
function isLibraryGif(qc: ReturnType<typeof useQueryClient>, url: string): boolean {
  const library = qc.getQueryData<{ file: string }[]>(gifKeys.library) ?? [];
  return library.some((g) => g.file === url);
}

/**
 * The composer (chat spec 2 and 5): tools bar (emoji, text colour, GIFs and stickers, image,
 * bold, italic, underline), the input with its 300-character counter, the @ mention dropdown and
 * the reply being written. Enter sends; Shift+Enter starts a new line.
 */
export function Composer({
  users,
  meId,
  disabled,
  replyTo,
  onCancelReply,
  onSend,
  onError,
}: {
  users: ChatUser[];
  meId?: string;
  disabled: boolean;
  replyTo: ChatMessageView | null;
  onCancelReply: () => void;
  onSend: (input: ChatMessageInput) => boolean;
  onError: (message: string) => void;
}) {
  const id = useId();
  const qc = useQueryClient();
  const input = useRef<HTMLTextAreaElement | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [prefs, setPrefs] = useState<FormatPreferences>(() => loadFormatPreferences());
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [gifOpen, setGifOpen] = useState(false);
  const [image, setImage] = useState<File | null>(null);

  const mention = activeMention(text, caret);
  const suggestions =
    mention && dismissedAt !== mention.start ? mentionSuggestions(users, mention.query, meId) : [];
  const open = suggestions.length > 0;
  const activeIndex = Math.min(active, Math.max(0, suggestions.length - 1));

  // Replying focuses the input.
  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  const updatePrefs = (next: FormatPreferences) => {
    setPrefs(next);
    saveFormatPreferences(next);
  };
  const toggle = (key: FormatKey) =>
    updatePrefs({
      ...prefs,
      messageFormats: { ...prefs.messageFormats, [key]: !prefs.messageFormats[key] },
    });

  const syncCaret = () => setCaret(input.current?.selectionStart ?? text.length);

  const choose = (user: ChatUser) => {
    if (!mention) return;
    const next = applyMention(text, mention, user.username);
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const send = () => {
    if (disabled) return;
    const message = buildTextMessage(text, prefs, replyTo?._id);
    if (!message) return;
    if (onSend(message)) {
      setText("");
      setCaret(0);
      onCancelReply();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (open) {
      if (e.key === "ArrowDown") {
        e.preventDefault();
        setActive((activeIndex + 1) % suggestions.length);
        return;
      }
      if (e.key === "ArrowUp") {
        e.preventDefault();
        setActive((activeIndex - 1 + suggestions.length) % suggestions.length);
        return;
      }
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        const user = suggestions[activeIndex];
        if (user) choose(user);
        return;
      }
      if (e.key === "Escape") {
        e.preventDefault();
        if (mention) setDismissedAt(mention.start);
        return;
      }
    }
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  const onChange = (e: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    setText(e.target.value.slice(0, CHAT_LIMITS.inputMax));
    setCaret(e.target.selectionStart ?? e.target.value.length);
    setActive(0);
  };

  const insertEmoji = (emoji: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = (text.slice(0, start) + emoji + text.slice(end)).slice(0, CHAT_LIMITS.inputMax);
    setText(next);
    const pos = Math.min(start + emoji.length, next.length);
    setCaret(pos);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(pos, pos);
    });
  };

  const sendGif = (gif: PickedGif) => {
    onSend({
      message: gif.url,
      type: isLibraryGif(qc, gif.url) ? "bvgif" : "gif",
      id: randomClientId(),
      ...(replyTo ? { replyTo: { id: replyTo._id } } : {}),
    });
    onCancelReply();
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const problem = checkChatImage(file);
    if (problem) onError(problem);
    else setImage(file);
  };

  const { bold, italic, underline } = prefs.messageFormats;
  const listId = `${id}-mentions`;
  const optionId = (i: number) => `${id}-mention-${i}`;

  return (
    <Box
      component="form"
      aria-label={CHAT_TEXTS.composer}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      sx={{ position: "relative", borderTop: 1, borderColor: "divider", px: 1, pt: 0.5, pb: 1 }}
    >
      {open && (
        <Paper
          elevation={8}
          sx={{
            position: "absolute",
            left: 8,
            bottom: "100%",
            mb: 0.5,
            width: 260,
            maxWidth: "calc(100% - 16px)",
            zIndex: 2,
          }}
        >
          <List id={listId} role="listbox" aria-label={CHAT_TEXTS.mentionList} dense disablePadding>
            {suggestions.map((u, i) => (
              <ListItemButton
                key={u._id}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                selected={i === activeIndex}
                // Keep the focus in the input.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(u)}
              >
                <ListItemAvatar sx={{ minWidth: 36 }}>
                  <Avatar
                    src={safeMediaUrl(u.profileimage) ?? DEFAULT_PROFILE_IMAGE}
                    alt=""
                    sx={{ width: 26, height: 26 }}
                  />
                </ListItemAvatar>
                <ListItemText primary={u.username} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      {replyTo && (
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 1,
            px: 1,
            py: 0.5,
            mb: 0.5,
            borderLeft: 3,
            borderColor: "primary.main",
            bgcolor: "action.hover",
            borderRadius: 0.5,
          }}
        >
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
            <Box component="span" sx={{ fontWeight: 700 }}>
              {CHAT_TEXTS.replyingTo(replyTo.username)}
            </Box>
            {replyTo.type === "message" ? `: ${chatPlainText(replyTo.message)}` : ""}
          </Typography>
          <IconButton size="small" aria-label={CHAT_TEXTS.cancelReply} onClick={onCancelReply}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      <Box
        role="toolbar"
        aria-label={CHAT_TEXTS.tools}
        sx={{
          display: "flex",
          alignItems: "center",
          flexWrap: "wrap",
          "& .MuiIconButton-root": { p: 0.75 },
        }}
      >
        <EmojiButton variant="chat" onPick={insertEmoji} disabled={disabled} />
        <ColourPicker
          value={prefs.textcolor}
          onChange={(textcolor) => updatePrefs({ ...prefs, textcolor })}
          disabled={disabled}
        />
        <Tooltip title={CHAT_TEXTS.gif}>
          <span>
            <IconButton
              aria-label={CHAT_TEXTS.gif}
              onClick={() => setGifOpen(true)}
              disabled={disabled}
            >
              <GifBoxOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={CHAT_TEXTS.image}>
          <span>
            <IconButton
              aria-label={CHAT_TEXTS.image}
              onClick={() => fileInput.current?.click()}
              disabled={disabled}
            >
              <AddPhotoAlternateOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-hidden
          tabIndex={-1}
          data-testid="chat-image-input"
          onChange={onFile}
        />
        <FormatToggle
          label={CHAT_TEXTS.bold}
          pressed={!!bold}
          onToggle={() => toggle("bold")}
          disabled={disabled}
        >
          <FormatBoldIcon />
        </FormatToggle>
        <FormatToggle
          label={CHAT_TEXTS.italic}
          pressed={!!italic}
          onToggle={() => toggle("italic")}
          disabled={disabled}
        >
          <FormatItalicIcon />
        </FormatToggle>
        <FormatToggle
          label={CHAT_TEXTS.underline}
          pressed={!!underline}
          onToggle={() => toggle("underline")}
          disabled={disabled}
        >
          <FormatUnderlinedIcon />
        </FormatToggle>
        <Typography
          variant="caption"
          color={text.length >= CHAT_LIMITS.inputMax ? "warning.main" : "text.secondary"}
          aria-live="polite"
          data-testid="chat-counter"
          sx={{ ml: "auto", pr: 1 }}
        >
          {CHAT_TEXTS.counter(text.length)}
        </Typography>
      </Box>
      <Box sx={{ display: "flex", alignItems: "flex-end", gap: 1 }}>
        <TextField
          fullWidth
          multiline
          maxRows={4}
          size="small"
          value={text}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onSelect={syncCaret}
          onClick={syncCaret}
          placeholder={CHAT_TEXTS.placeholder}
          inputRef={input}
          // The input previews the chosen colour and formats; its placeholder stays neutral.
          sx={{
            "& textarea::placeholder": {
              color: "text.secondary",
              fontWeight: 400,
              fontStyle: "normal",
              opacity: 1,
            },
          }}
          slotProps={{
            htmlInput: {
              "aria-label": CHAT_TEXTS.inputLabel,
              maxLength: CHAT_LIMITS.inputMax,
              role: "combobox",
              "aria-autocomplete": "list",
              "aria-expanded": open,
              "aria-controls": open ? listId : undefined,
              "aria-activedescendant": open ? optionId(activeIndex) : undefined,
              style: {
                color: prefs.textcolor,
                fontWeight: bold ? 700 : undefined,
                fontStyle: italic ? "italic" : undefined,
                textDecoration: underline ? "underline" : undefined,
              },
            },
          }}
        />
        <Tooltip title={CHAT_TEXTS.send}>
          <span>
            <IconButton
              type="submit"
              color="primary"
              aria-label={CHAT_TEXTS.send}
              disabled={disabled || !text.trim()}
            >
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <GifDialog open={gifOpen} onClose={() => setGifOpen(false)} onSelect={sendGif} />
      <ImageSendDialog
        file={image}
        onClose={() => setImage(null)}
        onSend={(url) => {
          const ok = onSend({
            message: url,
            type: "image",
            id: randomClientId(),
            ...(replyTo ? { replyTo: { id: replyTo._id } } : {}),
          });
          if (ok) onCancelReply();
          return ok;
        }}
      />
    </Box>
  );
}
