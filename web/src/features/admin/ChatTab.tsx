import { ADMIN_CHAT_SUBTABS } from "@airwave/contracts";
import { Box, Tab, Tabs } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { adminApi, adminKeys } from "./api.ts";
import { ChatManagement } from "./ChatManagement.tsx";
import { GifLibrary } from "./GifLibrary.tsx";
import { Mp3AdminTab } from "./Mp3AdminTab.lazy.ts";
import { ThemeControls } from "./ThemeControls.tsx";

/** Tab 3: chat management, the GIF library, theme controls and the MP3 library. */
export function ChatTab() {
  const [sub, setSub] = useState(0);
  // Admin spec 2: opening the chat tab loads the GIFs.
  const gifs = useQuery({
    queryKey: adminKeys.gifs,
    queryFn: ({ signal }) => adminApi.gifs(signal),
  });
  return (
    <Box>
      <Tabs
        value={sub}
        onChange={(_e, v: number) => setSub(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }}
      >
        {ADMIN_CHAT_SUBTABS.map((label) => (
          <Tab key={label} label={label} />
        ))}
      </Tabs>
      {sub === 0 && <ChatManagement />}
      {sub === 1 && <GifLibrary query={gifs} />}
      {sub === 2 && <ThemeControls />}
      {sub === 3 && (
        <Suspense fallback={<PageLoader />}>
          <Mp3AdminTab />
        </Suspense>
      )}
    </Box>
  );
}
