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
  Typography,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import {
  type ChangeEvent,
  type KeyboardEvent,
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { LazyTooltip, TooltipIconButton } from "../../ui/TooltipIconButton.tsx";
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

/**
 * A function of stable identity calling the latest `fn`: the composer's memoised parts keep their
 * props when the composer renders for something they do not show (the room's user list changing).
 */
function useStableHandler<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/** The tools bar's buttons: emoji, text colour, GIFs and stickers, image, bold, italic, underline. */
const ComposerTools = memo(function ComposerTools({
  disabled,
  prefs,
  onEmoji,
  onColour,
  onGif,
  onImage,
  onToggle,
}: {
  disabled: boolean;
  prefs: FormatPreferences;
  onEmoji: (emoji: string) => void;
  onColour: (colour: string) => void;
  onGif: () => void;
  onImage: () => void;
  onToggle: (key: FormatKey) => void;
}) {
  const { bold, italic, underline } = prefs.messageFormats;
  return (
    <>
      <EmojiButton variant="chat" onPick={onEmoji} disabled={disabled} />
      <ColourPicker value={prefs.textcolor} onChange={onColour} disabled={disabled} />
      <LazyTooltip title={CHAT_TEXTS.gif}>
        <span>
          <IconButton aria-label={CHAT_TEXTS.gif} onClick={onGif} disabled={disabled}>
            <GifBoxOutlinedIcon />
          </IconButton>
        </span>
      </LazyTooltip>
      <LazyTooltip title={CHAT_TEXTS.image}>
        <span>
          <IconButton aria-label={CHAT_TEXTS.image} onClick={onImage} disabled={disabled}>
            <AddPhotoAlternateOutlinedIcon />
          </IconButton>
        </span>
      </LazyTooltip>
      <FormatToggle
        label={CHAT_TEXTS.bold}
        pressed={!!bold}
        onToggle={() => onToggle("bold")}
        disabled={disabled}
      >
        <FormatBoldIcon />
      </FormatToggle>
      <FormatToggle
        label={CHAT_TEXTS.italic}
        pressed={!!italic}
        onToggle={() => onToggle("italic")}
        disabled={disabled}
      >
        <FormatItalicIcon />
      </FormatToggle>
      <FormatToggle
        label={CHAT_TEXTS.underline}
        pressed={!!underline}
        onToggle={() => onToggle("underline")}
        disabled={disabled}
      >
        <FormatUnderlinedIcon />
      </FormatToggle>
    </>
  );
});

/** The input (with the mention list's ARIA state) and the send button. */
const ComposerInput = memo(function ComposerInput({
  text,
  prefs,
  open,
  listId,
  activeId,
  sendDisabled,
  inputRef,
  onChange,
  onKeyDown,
  onCaret,
}: {
  text: string;
  prefs: FormatPreferences;
  open: boolean;
  listId: string;
  activeId: string | undefined;
  sendDisabled: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onChange: (e: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => void;
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
  onCaret: () => void;
}) {
  const { bold, italic, underline } = prefs.messageFormats;
  return (
    <Box sx={{ display: "flex", alignItems: "flex-end", gap: 1 }}>
      <TextField
        fullWidth
        multiline
        maxRows={4}
        size="small"
        value={text}
        onChange={onChange}
        onKeyDown={onKeyDown}
        onSelect={onCaret}
        onClick={onCaret}
        placeholder={CHAT_TEXTS.placeholder}
        inputRef={inputRef}
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
            "aria-activedescendant": activeId,
            style: {
              color: prefs.textcolor,
              fontWeight: bold ? 700 : undefined,
              fontStyle: italic ? "italic" : undefined,
              textDecoration: underline ? "underline" : undefined,
            },
          },
        }}
      />
      <LazyTooltip title={CHAT_TEXTS.send}>
        <span>
          <IconButton
            type="submit"
            color="primary"
            aria-label={CHAT_TEXTS.send}
            disabled={sendDisabled}
          >
            <SendIcon />
          </IconButton>
        </span>
      </LazyTooltip>
    </Box>
  );
});

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

  const syncCaret = useStableHandler(() => setCaret(input.current?.selectionStart ?? text.length));

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

  const onKeyDown = useStableHandler((e: KeyboardEvent<HTMLDivElement>) => {
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
  });

  const onChange = useCallback((e: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    setText(e.target.value.slice(0, CHAT_LIMITS.inputMax));
    setCaret(e.target.selectionStart ?? e.target.value.length);
    setActive(0);
  }, []);

  const insertEmoji = useStableHandler((emoji: string) => {
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
  });
  const setColour = useStableHandler((textcolor: string) => updatePrefs({ ...prefs, textcolor }));
  const toggleFormat = useStableHandler(toggle);
  const openGifs = useCallback(() => setGifOpen(true), []);
  const closeGifs = useCallback(() => setGifOpen(false), []);
  const pickImage = useCallback(() => fileInput.current?.click(), []);

  const sendGif = useStableHandler((gif: PickedGif) => {
    onSend({
      message: gif.url,
      type: isLibraryGif(qc, gif.url) ? "bvgif" : "gif",
      id: randomClientId(),
      ...(replyTo ? { replyTo: { id: replyTo._id } } : {}),
    });
    onCancelReply();
  });

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const problem = checkChatImage(file);
    if (problem) onError(problem);
    else setImage(file);
  };

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
        <ComposerTools
          disabled={disabled}
          prefs={prefs}
          onEmoji={insertEmoji}
          onColour={setColour}
          onGif={openGifs}
          onImage={pickImage}
          onToggle={toggleFormat}
        />
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
      <ComposerInput
        text={text}
        prefs={prefs}
        open={open}
        listId={listId}
        activeId={open ? optionId(activeIndex) : undefined}
        sendDisabled={disabled || !text.trim()}
        inputRef={input}
        onChange={onChange}
        onKeyDown={onKeyDown}
        onCaret={syncCaret}
      />
      <GifDialog open={gifOpen} onClose={closeGifs} onSelect={sendGif} />
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
