import { Button, InputAdornment, TextField } from "@mui/material";

/** The texts a wager's checks answer with (each game's catalogue has them). */
export interface WagerMessages {
  wagerWhole: string;
  wagerMinimum: string;
  wagerAboveBalance: (points: number) => string;
}

/** Why the wager is not acceptable, or null (chat spec 5: whole, at least `min`, at most the points). */
export function wagerProblemOf(
  text: string,
  points: number,
  min: number,
  messages: WagerMessages,
): string | null {
  if (!/^\d+$/.test(text.trim())) return messages.wagerWhole;
  const wager = Number(text);
  if (wager < min) return messages.wagerMinimum;
  if (wager > points) return messages.wagerAboveBalance(points);
  return null;
}

/**
 * A game's wager input (chat spec 5, coin flip and battleships): digits only, MAX fills all the
 * member's points (disabled while they are unknown or under the minimum), Enter submits, the
 * problem shown under it.
 */
export function WagerField({
  label,
  maxLabel,
  value,
  onChange,
  onSubmit,
  points,
  min,
  problem,
  maxDisabled,
}: {
  label: string;
  maxLabel: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  points: number | undefined;
  min: number;
  problem: string | null;
  maxDisabled: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/[^\d]/g, ""))}
      onKeyDown={(e) => {
        if (e.key === "Enter") onSubmit();
      }}
      error={!!problem}
      helperText={problem ?? " "}
      slotProps={{
        htmlInput: { inputMode: "numeric", min, max: points },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button
                size="small"
                variant="outlined"
                disabled={maxDisabled || points === undefined}
                onClick={() => points !== undefined && onChange(String(points))}
              >
                {maxLabel}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
