import {
  NAME_TAG_DEFAULTS,
  NAME_TAG_LIMITS,
  NAME_TAG_TEXTS,
  type NameTagPreset,
  type NameTagStyling,
  USERS_ROUTES,
  type UserData,
} from "@airwave/contracts";
import AddIcon from "@mui/icons-material/Add";
import BrushIcon from "@mui/icons-material/Brush";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlineOutlined";
import RemoveIcon from "@mui/icons-material/Remove";
import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  List,
  ListItem,
  Radio,
  RadioGroup,
  Slider,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
  useMediaQuery,
} from "@mui/material";
import type { Theme } from "@mui/material/styles";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { call } from "../../../app/api.ts";
import { meKey, useMe } from "../../../app/session.ts";
import { NameTag } from "./NameTag.tsx";
import { deletePreset, presetStyle, readPresets, savePreset } from "./presets.ts";
import {
  type Animation,
  type BackgroundType,
  checkImageUrl,
  draftFrom,
  imageUrlAllowed,
  type NameTagDraft,
  styleFrom,
} from "./style.ts";

export const NAME_TAG_STYLING_PATH = USERS_ROUTES.nameTagStyling.path;

/** The member's saved name tag style (carried in `userdata` as `nameTagStyling`). */
const savedStyleOf = (me: UserData | undefined) =>
  (me as (UserData & { nameTagStyling?: unknown }) | undefined)?.nameTagStyling ?? null;

function ColourField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      type="color"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      sx={{ width: 132 }}
      slotProps={{ htmlInput: { sx: { height: 28, p: 0.5, cursor: "pointer" } } }}
    />
  );
}

function Toast({ title, text }: { title: string; text?: string }): ReactNode {
  return (
    <Box>
      <Box component="strong" sx={{ display: "block" }}>
        {title}
      </Box>
      {text}
    </Box>
  );
}

/**
 * The name tag customiser (chat spec 2, 3, 5, 8): text colour; a colour, gradient (2 or 3 colours
 * and an angle 0-360) or image background (an https image that loads); an animation; a live
 * preview; presets kept in this browser (a label each, at most 25, newest first). Save stores the
 * style on the member (POST /namTagStyling) and says 'Settings Saved' or 'Error Saving Settings'.
 */
export function NameTagCustomizer({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  /** Called with the saved style (e.g. to refresh the room's view of the member). */
  onSaved?: (style: NameTagStyling) => void;
}) {
  const me = useMe().data;
  const qc = useQueryClient();
  const saveStyling = useMutation({
    mutationFn: (nameTagStyling: NameTagStyling) =>
      call(USERS_ROUTES.nameTagStyling, { body: { nameTagStyling } }),
  });
  const { enqueueSnackbar } = useSnackbar();
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down("sm"));
  const id = useId();
  const [draft, setDraft] = useState<NameTagDraft>(() => draftFrom(savedStyleOf(me)));
  const [imageError, setImageError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [presets, setPresets] = useState<NameTagPreset[]>(() => readPresets());
  const [label, setLabel] = useState("");
  const [labelError, setLabelError] = useState<string | null>(null);

  const savedStyle = useRef<unknown>(null);
  savedStyle.current = savedStyleOf(me);

  // Each opening starts from the saved style and the stored presets.
  useEffect(() => {
    if (!open) return;
    setDraft(draftFrom(savedStyle.current));
    setPresets(readPresets());
    setImageError(null);
    setLabel("");
    setLabelError(null);
  }, [open]);

  const update = (patch: Partial<NameTagDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const style = styleFrom(draft);
  const username = me?.username ?? "";
  // The preview leaves out an image that is not (yet) known to be a usable one.
  const previewStyle: NameTagStyling =
    draft.backgroundType === "image" && (imageError || !imageUrlAllowed(draft.backgroundImage))
      ? { textColor: style.textColor, profileAnimation: style.profileAnimation }
      : style;

  /** The image background is checked (form and loading) before it is previewed as valid or saved. */
  const verifyImage = async (): Promise<boolean> => {
    if (draft.backgroundType !== "image") return true;
    setChecking(true);
    const ok = await checkImageUrl(draft.backgroundImage);
    setChecking(false);
    setImageError(ok ? null : NAME_TAG_TEXTS.imageInvalid);
    return ok;
  };

  const save = async () => {
    if (saving) return;
    if (!(await verifyImage())) return;
    setSaving(true);
    try {
      const answer = await saveStyling.mutateAsync(style);
      qc.setQueryData<UserData>(meKey, (current) =>
        current ? { ...current, ...answer, nameTagStyling: style } : answer,
      );
      enqueueSnackbar(<Toast title={NAME_TAG_TEXTS.saved} />, { variant: "success" });
      onSaved?.(style);
      onClose();
    } catch {
      enqueueSnackbar(<Toast title={NAME_TAG_TEXTS.error} text={NAME_TAG_TEXTS.errorText} />, {
        variant: "error",
      });
    } finally {
      setSaving(false);
    }
  };

  const addPreset = async () => {
    if (!label.trim()) {
      setLabelError(NAME_TAG_TEXTS.presetLabelRequired);
      return;
    }
    if (!(await verifyImage())) return;
    const result = savePreset(presets, label, style);
    if (!result.ok) {
      setLabelError(result.error);
      return;
    }
    setPresets(result.presets);
    setLabel("");
    setLabelError(null);
  };

  const colours = draft.gradientColors;

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{NAME_TAG_TEXTS.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Box
            role="group"
            aria-label={NAME_TAG_TEXTS.preview}
            sx={{
              display: "flex",
              alignItems: "center",
              gap: 1.5,
              p: 2,
              borderRadius: 2,
              bgcolor: "background.default",
              border: 1,
              borderColor: "divider",
              minHeight: 72,
            }}
          >
            <Avatar src={me?.profileimage} alt="" />
            <Box sx={{ fontSize: 18, minWidth: 0 }}>
              <NameTag username={username} styling={previewStyle} />
            </Box>
          </Box>

          <ColourField
            label={NAME_TAG_TEXTS.textColour}
            value={draft.textColor}
            onChange={(textColor) => update({ textColor })}
          />

          <FormControl component="fieldset">
            <FormLabel component="legend" sx={{ mb: 1 }}>
              {NAME_TAG_TEXTS.background}
            </FormLabel>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={draft.backgroundType}
              onChange={(_, value: BackgroundType | null) => {
                if (!value) return;
                update({ backgroundType: value });
                setImageError(null);
              }}
              aria-label={NAME_TAG_TEXTS.background}
              sx={{ mb: 2 }}
            >
              {(["color", "gradient", "image"] as const).map((type) => (
                <ToggleButton key={type} value={type}>
                  {NAME_TAG_TEXTS.backgroundTypes[type]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>

            {draft.backgroundType === "color" && (
              <ColourField
                label={NAME_TAG_TEXTS.backgroundColour}
                value={draft.backgroundColor}
                onChange={(backgroundColor) => update({ backgroundColor })}
              />
            )}

            {draft.backgroundType === "gradient" && (
              <Stack spacing={2}>
                <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
                  {colours.map((colour, i) => (
                    <ColourField
                      // The colours are positional: their index is their identity.
                      // biome-ignore lint/suspicious/noArrayIndexKey: positional colours
                      key={i}
                      label={NAME_TAG_TEXTS.gradientColour(i + 1)}
                      value={colour}
                      onChange={(value) =>
                        update({ gradientColors: colours.map((c, j) => (j === i ? value : c)) })
                      }
                    />
                  ))}
                  {colours.length < NAME_TAG_LIMITS.gradientColoursMax ? (
                    <Button
                      size="small"
                      startIcon={<AddIcon />}
                      onClick={() =>
                        update({
                          gradientColors: [...colours, NAME_TAG_DEFAULTS.textColor.toLowerCase()],
                        })
                      }
                    >
                      {NAME_TAG_TEXTS.addColour}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      startIcon={<RemoveIcon />}
                      onClick={() =>
                        update({
                          gradientColors: colours.slice(0, NAME_TAG_LIMITS.gradientColoursMin),
                        })
                      }
                    >
                      {NAME_TAG_TEXTS.removeColour}
                    </Button>
                  )}
                </Stack>
                <Box sx={{ px: 1 }}>
                  <Typography id={`${id}-angle`} variant="body2" gutterBottom>
                    {NAME_TAG_TEXTS.angle}: {draft.angle}°
                  </Typography>
                  <Slider
                    value={draft.angle}
                    min={NAME_TAG_LIMITS.angleMin}
                    max={NAME_TAG_LIMITS.angleMax}
                    onChange={(_, value) => update({ angle: value as number })}
                    valueLabelDisplay="auto"
                    slotProps={{ input: { "aria-labelledby": `${id}-angle` } }}
                  />
                </Box>
              </Stack>
            )}

            {draft.backgroundType === "image" && (
              <TextField
                label={NAME_TAG_TEXTS.imageUrl}
                value={draft.backgroundImage}
                onChange={(e) => {
                  update({ backgroundImage: e.target.value });
                  setImageError(null);
                }}
                onBlur={() => {
                  if (draft.backgroundImage.trim()) void verifyImage();
                }}
                error={!!imageError}
                helperText={
                  checking
                    ? NAME_TAG_TEXTS.checkingImage
                    : (imageError ?? NAME_TAG_TEXTS.imageUrlHelp)
                }
                placeholder="https://"
                size="small"
                fullWidth
                slotProps={{ htmlInput: { maxLength: 180, inputMode: "url" } }}
              />
            )}
          </FormControl>

          <FormControl component="fieldset">
            <FormLabel component="legend" id={`${id}-animation`}>
              {NAME_TAG_TEXTS.animation}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${id}-animation`}
              value={draft.profileAnimation}
              onChange={(e) => update({ profileAnimation: e.target.value as Animation })}
            >
              {(["none", "pulse", "spin"] as const).map((a) => (
                <FormControlLabel
                  key={a}
                  value={a}
                  control={<Radio />}
                  label={NAME_TAG_TEXTS.animations[a]}
                />
              ))}
            </RadioGroup>
          </FormControl>

          <Divider />

          <Box component="section" aria-labelledby={`${id}-presets`}>
            <Stack direction="row" sx={{ alignItems: "baseline", justifyContent: "space-between" }}>
              <Typography id={`${id}-presets`} variant="subtitle1" component="h3">
                {NAME_TAG_TEXTS.presets}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {NAME_TAG_TEXTS.presetCount(presets.length)}
              </Typography>
            </Stack>
            <Stack
              component="form"
              direction="row"
              spacing={1}
              sx={{ alignItems: "flex-start", mt: 1 }}
              onSubmit={(e) => {
                e.preventDefault();
                void addPreset();
              }}
            >
              <TextField
                label={NAME_TAG_TEXTS.presetLabel}
                value={label}
                onChange={(e) => {
                  setLabel(e.target.value);
                  setLabelError(null);
                }}
                error={!!labelError}
                helperText={
                  labelError ??
                  (presets.length >= NAME_TAG_LIMITS.presets ? NAME_TAG_TEXTS.presetsFullHint : " ")
                }
                size="small"
                fullWidth
                slotProps={{ htmlInput: { maxLength: NAME_TAG_LIMITS.presetLabelMax } }}
              />
              <Button type="submit" variant="outlined" sx={{ flexShrink: 0, minHeight: 40 }}>
                {NAME_TAG_TEXTS.savePreset}
              </Button>
            </Stack>
            {presets.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {NAME_TAG_TEXTS.noPresets}
              </Typography>
            ) : (
              <List
                dense
                aria-label={NAME_TAG_TEXTS.presets}
                sx={{ maxHeight: 240, overflowY: "auto" }}
              >
                {presets.map((preset) => (
                  <ListItem
                    key={preset.id}
                    disableGutters
                    secondaryAction={
                      <Tooltip title={NAME_TAG_TEXTS.deletePreset(preset.label)}>
                        <IconButton
                          edge="end"
                          aria-label={NAME_TAG_TEXTS.deletePreset(preset.label)}
                          onClick={() => setPresets((list) => deletePreset(list, preset.id))}
                        >
                          <DeleteOutlineIcon />
                        </IconButton>
                      </Tooltip>
                    }
                  >
                    <Button
                      onClick={() => {
                        setDraft(draftFrom(presetStyle(preset)));
                        setImageError(null);
                      }}
                      aria-label={NAME_TAG_TEXTS.applyPreset(preset.label)}
                      sx={{
                        justifyContent: "flex-start",
                        gap: 1.5,
                        mr: 5,
                        minWidth: 0,
                        textAlign: "left",
                      }}
                    >
                      <Box component="span" sx={{ fontSize: 14, minWidth: 0 }}>
                        <NameTag username={username} styling={presetStyle(preset)} />
                      </Box>
                      <Typography variant="body2" component="span" color="text.secondary" noWrap>
                        {preset.label}
                      </Typography>
                    </Button>
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {NAME_TAG_TEXTS.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={saving || !me}
          startIcon={saving ? <CircularProgress size={16} /> : undefined}
        >
          {NAME_TAG_TEXTS.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A toolbar button that opens the customiser (for the chat room's tools bar or side panel). */
export function NameTagCustomizerButton({
  onSaved,
  size = "medium",
}: {
  onSaved?: (style: NameTagStyling) => void;
  size?: "small" | "medium";
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={NAME_TAG_TEXTS.open}>
        <IconButton
          size={size}
          aria-label={NAME_TAG_TEXTS.open}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <BrushIcon fontSize={size === "small" ? "small" : "medium"} />
        </IconButton>
      </Tooltip>
      <NameTagCustomizer open={open} onClose={() => setOpen(false)} onSaved={onSaved} />
    </>
  );
}
