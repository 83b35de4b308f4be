import SearchIcon from "@mui/icons-material/Search";
import { InputAdornment, TextField } from "@mui/material";

/** A small search box with a search icon; it never holds more than `maxLength` characters. */
export function SearchField({
  label,
  value,
  onChange,
  maxLength,
  type,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** "search" makes it a searchbox for assistive technology (a textbox otherwise). */
  type?: "search";
}) {
  return (
    <TextField
      size="small"
      label={label}
      type={type}
      value={value}
      onChange={(e) => onChange(e.target.value.slice(0, maxLength))}
      sx={{ flexGrow: 1, minWidth: 200 }}
      slotProps={{
        htmlInput: { maxLength, spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
