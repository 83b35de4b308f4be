import { USER_LIMITS, USER_MESSAGES } from "@airwave/contracts";
import AddLinkIcon from "@mui/icons-material/AddLink";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import { Box, Button, FormHelperText, IconButton, Stack, TextField } from "@mui/material";
import { checkCustomLinks, isValidCustomLink } from "./links.ts";

/** Up to 4 custom links, each a host with a domain suffix and optional scheme and path (spec 5). */
export function CustomLinksInput({
  value,
  onChange,
}: {
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const { invalid } = checkCustomLinks(value);
  const full = value.length >= USER_LIMITS.customLinksMax;
  return (
    <Box>
      <Stack spacing={1.5}>
        {value.map((link, i) => {
          const bad = link.trim() !== "" && !isValidCustomLink(link);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and have no identity
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
              <TextField
                label={`Link ${i + 1}`}
                fullWidth
                value={link}
                error={bad}
                placeholder="example.com/my-page"
                onChange={(e) => onChange(value.map((l, j) => (j === i ? e.target.value : l)))}
                slotProps={{ htmlInput: { "aria-invalid": bad, inputMode: "url" } }}
              />
              <IconButton
                aria-label={`Remove link ${i + 1}`}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
                sx={{ mt: 1 }}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      {invalid && (
        <FormHelperText error role="alert">
          {USER_MESSAGES.linksInvalid}
        </FormHelperText>
      )}
      <Button
        startIcon={<AddLinkIcon />}
        onClick={() => onChange([...value, ""])}
        disabled={full}
        sx={{ mt: 1 }}
      >
        Add link
      </Button>
      <FormHelperText>
        {value.length}/{USER_LIMITS.customLinksMax} links
      </FormHelperText>
    </Box>
  );
}
