import CloseIcon from "@mui/icons-material/Close";
import { Box, Dialog, IconButton } from "@mui/material";

/** A single image, full size, over the page; closes with Escape, the close button or a click outside. */
export function ImageViewer({
  src,
  alt,
  open,
  onClose,
}: {
  src: string;
  alt: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="lg"
      // The name goes on the paper, the element with role="dialog" (on the Dialog it lands on the root).
      slotProps={{
        paper: {
          "aria-label": alt || "Image",
          sx: { bgcolor: "common.black", m: 1, minWidth: 240 },
        } as object,
      }}
    >
      <Box sx={{ display: "flex", justifyContent: "flex-end", p: 0.5 }}>
        <IconButton aria-label="Close image" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: "grid", placeItems: "center", px: 1, pb: 1, minHeight: 120 }}>
        <Box
          component="img"
          src={src}
          alt={alt}
          sx={{ display: "block", maxWidth: "100%", maxHeight: "80vh", objectFit: "contain" }}
        />
      </Box>
    </Dialog>
  );
}
