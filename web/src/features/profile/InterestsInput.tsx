import { USER_LIMITS, USER_MESSAGES } from "@airwave/contracts";
import CancelIcon from "@mui/icons-material/Cancel";
import { Box, Chip, TextField } from "@mui/material";
import { type KeyboardEvent, useState } from "react";
import { addInterests, interestsFull } from "./interests.ts";

/**
 * Interests as chips (community spec 5): added with space, Enter or comma; no duplicates; commas
 * stripped; Backspace on an empty input removes the last; the input is disabled at 10 ('Max 10').
 */
export function InterestsInput({
  value,
  onChange,
  label = "Interests",
}: {
  value: string[];
  onChange: (next: string[]) => void;
  label?: string;
}) {
  const [draft, setDraft] = useState("");
  const full = interestsFull(value);

  const commit = (typed: string) => {
    const next = addInterests(value, typed);
    if (next.length !== value.length) onChange(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === " " || e.key === ",") {
      e.preventDefault();
      commit(draft);
      setDraft("");
    } else if (e.key === "Backspace" && draft === "" && value.length > 0) {
      e.preventDefault();
      onChange(value.slice(0, -1));
    }
  };

  // Typed or pasted separators (mobile keyboards do not always report the key): commit what is
  // before the last separator, keep the rest as the draft.
  const onInput = (text: string) => {
    const cut = Math.max(text.lastIndexOf(","), text.search(/\s[^\s]*$/));
    if (cut < 0) {
      setDraft(text);
      return;
    }
    commit(text.slice(0, cut));
    setDraft(text.slice(cut + 1).replace(/[\s,]/g, ""));
  };

  return (
    <Box>
      <TextField
        label={label}
        fullWidth
        value={full ? "" : draft}
        disabled={full}
        placeholder={full ? USER_MESSAGES.interestsMax : "Type and press space, Enter or comma"}
        helperText={
          full ? USER_MESSAGES.interestsMax : `${value.length}/${USER_LIMITS.interestsMax}`
        }
        onChange={(e) => onInput(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          commit(draft);
          setDraft("");
        }}
      />
      {value.length > 0 && (
        <Box
          component="ul"
          aria-label="Your interests"
          sx={{
            display: "flex",
            flexWrap: "wrap",
            gap: 0.75,
            listStyle: "none",
            p: 0,
            m: 0,
            mt: 1,
          }}
        >
          {value.map((interest) => (
            <li key={interest}>
              <Chip
                label={interest}
                size="small"
                onDelete={() => onChange(value.filter((i) => i !== interest))}
                deleteIcon={<CancelIcon aria-label={`Remove ${interest}`} aria-hidden={false} />}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
