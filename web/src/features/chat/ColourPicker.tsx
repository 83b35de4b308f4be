import {
  CHAT_COLOUR_GRID,
  CHAT_COLOUR_TEXTS,
  CHAT_TEXTS,
  CHAT_VIEW_LIMITS,
  chatColourSwatchName,
  DEFAULT_TEXT_COLOUR,
  isChatColour,
} from "@airwave/contracts";
import FormatColorTextIcon from "@mui/icons-material/FormatColorText";
import { Box, Button, IconButton, Popover, Stack, TextField, Typography } from "@mui/material";
import { type FormEvent, useId, useState } from "react";
import { LazyTooltip } from "../../ui/TooltipIconButton.tsx";
import { loadRecentColours, rememberColour } from "./preferences.ts";

function Swatch({
  colour,
  label = CHAT_TEXTS.colourSwatch(colour),
  selected,
  onPick,
  size = 26,
}: {
  colour: string;
  label?: string;
  selected: boolean;
  onPick: (colour: string) => void;
  size?: number;
}) {
  return (
    <Box
      component="button"
      type="button"
      role="radio"
      aria-checked={selected}
      aria-label={label}
      title={label === colour ? colour : `${label} (${colour})`}
      onClick={() => onPick(colour)}
      sx={{
        width: size,
        height: size,
        p: 0,
        borderRadius: "50%",
        cursor: "pointer",
        bgcolor: colour,
        border: 2,
        borderColor: selected ? "primary.main" : "rgba(255,255,255,0.25)",
        outlineOffset: 2,
        boxShadow: selected ? "0 0 0 2px #0b0b12 inset" : undefined,
        "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main" },
      }}
    />
  );
}

/**
 * The text colour picker (chat spec 5 and 9): the 13 chat colours in light, base and dark tones
 * (a 13 × 3 grid), the 6 recent ones (kept in `chatRecentColors`) and a hex input (# and 3 to 8
 * hex digits, at most 9 characters).
 */
export function ColourPicker({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (colour: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [recent, setRecent] = useState<string[]>(() => loadRecentColours());
  const [hex, setHex] = useState("#");
  const hexValid = isChatColour(hex);

  const pick = (colour: string) => {
    if (!isChatColour(colour)) return;
    setRecent(rememberColour(colour));
    onChange(colour);
    setAnchor(null);
  };

  const submitHex = (e: FormEvent) => {
    e.preventDefault();
    if (hexValid) pick(hex);
  };

  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  return (
    <>
      <LazyTooltip title={CHAT_TEXTS.textColour}>
        <span>
          <IconButton
            aria-label={CHAT_TEXTS.textColour}
            aria-haspopup="dialog"
            onClick={(e) => setAnchor(e.currentTarget)}
            disabled={disabled}
          >
            <Box sx={{ position: "relative", lineHeight: 0 }}>
              <FormatColorTextIcon />
              <Box
                sx={{
                  position: "absolute",
                  left: 2,
                  right: 2,
                  bottom: -3,
                  height: 4,
                  borderRadius: 1,
                  bgcolor: value,
                }}
              />
            </Box>
          </IconButton>
        </span>
      </LazyTooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
        slotProps={{
          paper: {
            role: "dialog",
            "aria-label": CHAT_TEXTS.textColour,
            sx: { p: 2, width: 340, maxWidth: "calc(100vw - 32px)" },
          },
        }}
      >
        <Box
          role="radiogroup"
          aria-label={CHAT_COLOUR_TEXTS.grid}
          sx={{
            display: "grid",
            gridTemplateColumns: "repeat(13, minmax(0, 20px))",
            justifyContent: "space-between",
            rowGap: 0.75,
            columnGap: 0.25,
          }}
        >
          {CHAT_COLOUR_GRID.flat().map((s) => (
            <Swatch
              key={s.hex}
              colour={s.hex}
              label={chatColourSwatchName(s)}
              selected={same(s.hex, value)}
              onPick={pick}
              size={20}
            />
          ))}
        </Box>
        {recent.length > 0 && (
          <>
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ mt: 1.5, mb: 0.5 }}
              id={`${id}-recent`}
            >
              {CHAT_TEXTS.recentColours}
            </Typography>
            <Box
              role="radiogroup"
              aria-labelledby={`${id}-recent`}
              sx={{ display: "grid", gridTemplateColumns: "repeat(7, 26px)", gap: 1 }}
            >
              {recent.map((c) => (
                <Swatch key={c} colour={c} selected={same(c, value)} onPick={pick} />
              ))}
            </Box>
          </>
        )}
        <Stack component="form" direction="row" spacing={1} onSubmit={submitHex} sx={{ mt: 2 }}>
          <TextField
            size="small"
            value={hex}
            onChange={(e) => setHex(`#${e.target.value.replace(/#/g, "")}`)}
            error={hex.length > 1 && !hexValid}
            helperText={hex.length > 1 && !hexValid ? CHAT_TEXTS.hexInvalid : " "}
            slotProps={{
              htmlInput: {
                maxLength: CHAT_VIEW_LIMITS.hexInputMax,
                "aria-label": CHAT_TEXTS.hexInput,
                spellCheck: false,
              },
            }}
            sx={{ flex: 1 }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={!hexValid}
            sx={{ alignSelf: "flex-start" }}
          >
            {CHAT_TEXTS.applyColour}
          </Button>
        </Stack>
        <Button size="small" onClick={() => pick(DEFAULT_TEXT_COLOUR)}>
          {CHAT_TEXTS.resetColour}
        </Button>
      </Popover>
    </>
  );
}
