import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";

export function EmptyState({ text, icon }: { text: string; icon?: ReactNode }) {
  return (
    <Box sx={{ py: 4, textAlign: "center", color: "text.secondary" }}>
      {icon}
      <Typography>{text}</Typography>
    </Box>
  );
}
