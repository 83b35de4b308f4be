import { Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { type FormEvent, type ReactNode, useId } from "react";

/** A dashboard dialog named by its title: content, then actions; a form when it has `onSubmit`. */
export function AdminDialog({
  open = true,
  onClose,
  title,
  maxWidth = "sm",
  dividers = false,
  onSubmit,
  actions,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  maxWidth?: "xs" | "sm";
  /** Lines above and below the content (long, scrolling content). */
  dividers?: boolean;
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const body = (
    <>
      <DialogTitle id={`${id}-title`} sx={{ display: "flex", gap: 1, alignItems: "center" }}>
        {title}
      </DialogTitle>
      <DialogContent dividers={dividers}>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </>
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={`${id}-title`}
    >
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {body}
        </form>
      ) : (
        body
      )}
    </Dialog>
  );
}
