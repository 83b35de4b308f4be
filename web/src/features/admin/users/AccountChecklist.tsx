import { ADMIN_USERS_TEXTS as T } from "@airwave/contracts";
import { Box, Checkbox, Typography } from "@mui/material";
import { useId } from "react";

export interface ChecklistAccount {
  id: string;
  username: string;
  /** What the admin needs to decide (last login, shared address), one line each. */
  details: string[];
  /** A box the admin cannot tick (an Admin, an account banned already): shown, never sent. */
  disabled?: boolean;
}

/**
 * A list of accounts with one box each (the ban's related accounts, the unban's "banned together
 * with it"): each box is named by the username and described by its details, so a screen reader
 * reads both; the whole row is the label, a large target on a phone.
 */
export function AccountChecklist({
  label,
  accounts,
  checked,
  onChange,
}: {
  label: string;
  accounts: ChecklistAccount[];
  checked: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const id = useId();
  const headingId = `${id}-h`;
  const boxes = accounts.filter((a) => !a.disabled);
  const count = boxes.filter((a) => checked.has(a.id)).length;
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" id={headingId} sx={{ p: 0, mb: 0.5 }}>
        {label}
      </Typography>
      <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: "none", m: 0, p: 0 }}>
        {accounts.map((a) => {
          const nameId = `${id}-${a.id}-n`;
          const detailsId = `${id}-${a.id}-d`;
          return (
            <Box component="li" key={a.id}>
              <Box
                component="label"
                sx={{
                  display: "flex",
                  alignItems: "flex-start",
                  gap: 0.5,
                  py: 0.5,
                  borderRadius: 1,
                  cursor: a.disabled ? "default" : "pointer",
                  "&:hover": a.disabled ? undefined : { bgcolor: "action.hover" },
                }}
              >
                <Checkbox
                  size="small"
                  checked={!a.disabled && checked.has(a.id)}
                  disabled={a.disabled}
                  onChange={(e) => {
                    const next = new Set(checked);
                    if (e.target.checked) next.add(a.id);
                    else next.delete(a.id);
                    onChange(next);
                  }}
                  slotProps={{
                    input: { "aria-labelledby": nameId, "aria-describedby": detailsId },
                  }}
                  sx={{ p: 0.5 }}
                />
                <Box sx={{ minWidth: 0, pt: 0.25 }}>
                  <Typography
                    id={nameId}
                    sx={{ fontWeight: 500, overflowWrap: "anywhere" }}
                    color={a.disabled ? "text.secondary" : undefined}
                  >
                    {a.username}
                  </Typography>
                  <Typography
                    id={detailsId}
                    variant="body2"
                    color="text.secondary"
                    component="div"
                    sx={{ overflowWrap: "anywhere" }}
                  >
                    {a.details.map((line) => (
                      <div key={line}>{line}</div>
                    ))}
                  </Typography>
                </Box>
              </Box>
            </Box>
          );
        })}
      </Box>
      {boxes.length > 1 ? (
        <Typography variant="caption" color="text.secondary" aria-live="polite">
          {T.relatedChecked(count, boxes.length)}
        </Typography>
      ) : null}
    </Box>
  );
}
