import {
  CHAT_STORAGE_KEYS,
  NAME_TAG_LIMITS,
  type NameTagPreset,
  type NameTagStyling,
  nameTagPresetSchema,
} from "@airwave/contracts";

/** The saved presets (local storage `chatNameTagPresets`), newest first; unreadable entries are skipped. */
export function readPresets(): NameTagPreset[] {
  try {
    const raw = JSON.parse(localStorage.getItem(CHAT_STORAGE_KEYS.nameTagPresets) ?? "[]");
    if (!Array.isArray(raw)) return [];
    return raw
      .flatMap((p) => {
        const parsed = nameTagPresetSchema.safeParse(p);
        return parsed.success ? [parsed.data] : [];
      })
      .slice(0, NAME_TAG_LIMITS.presets);
  } catch {
    return [];
  }
}

function writePresets(presets: NameTagPreset[]) {
  try {
    localStorage.setItem(CHAT_STORAGE_KEYS.nameTagPresets, JSON.stringify(presets));
  } catch {
    // Storage full or refused: the list still shows for this visit.
  }
}

const newId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export type SavePresetResult =
  | { ok: true; presets: NameTagPreset[] }
  | { ok: false; error: string };

/**
 * Saves `style` under `label` (chat spec 5: a label is needed; at most 25, newest first): the new
 * preset goes first and the oldest beyond 25 is dropped.
 */
export function savePreset(
  presets: NameTagPreset[],
  label: string,
  style: NameTagStyling,
): SavePresetResult {
  const parsed = nameTagPresetSchema.safeParse({ ...style, id: newId(), label });
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid preset" };
  }
  const next = [parsed.data, ...presets].slice(0, NAME_TAG_LIMITS.presets);
  writePresets(next);
  return { ok: true, presets: next };
}

export function deletePreset(presets: NameTagPreset[], id: string): NameTagPreset[] {
  const next = presets.filter((p) => p.id !== id);
  writePresets(next);
  return next;
}

/** The styling fields of a preset (without its id and label). */
export function presetStyle(preset: NameTagPreset): NameTagStyling {
  const { id: _id, label: _label, ...style } = preset;
  return style;
}
