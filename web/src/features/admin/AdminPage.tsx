import { ADMIN_TABS, ADMIN_TEXTS, isAdminRole, PATHS } from "@airwave/contracts";
import { Box, Paper, Tab, Tabs, Typography } from "@mui/material";
import { Suspense, useState } from "react";
import { Navigate } from "react-router";
import { useMe } from "../../app/session.ts";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { ChatTab } from "./ChatTab.tsx";
import { DjApplicationsTab } from "./DjApplicationsTab.tsx";
import { IpBansTab } from "./ip-bans/IpBansTab.tsx";
import { Mp3AdminTab } from "./Mp3AdminTab.lazy.ts";
import { DashboardTab } from "./overview/DashboardTab.tsx";
import { PostsTab } from "./posts/PostsTab.tsx";
import { RadioTab } from "./RadioTab.tsx";
import { TicketsTab } from "./TicketsTab.tsx";
import { UsersTab } from "./users/UsersTab.tsx";

/** Only the shown tab is mounted: each loads its data when it is opened (admin spec 2). */
function TabBody({ index }: { index: number }) {
  switch (index) {
    case 0:
      return <DashboardTab />;
    case 1:
      return <UsersTab />;
    case 2:
      return <PostsTab />;
    case 3:
      return <ChatTab />;
    case 4:
      return <RadioTab />;
    case 5:
      return <TicketsTab />;
    case 6:
      return <DjApplicationsTab />;
    case 7:
      return <IpBansTab />;
    default:
      return (
        <Suspense fallback={<PageLoader />}>
          <Mp3AdminTab />
        </Suspense>
      );
  }
}

/** /admin: role Admin only; anyone else is sent to / (admin spec 2). */
export function AdminPage() {
  const me = useMe();
  const [tab, setTab] = useState(0);
  if (!me.data) return <PageLoader />;
  if (!isAdminRole(me.data.role)) return <Navigate to={PATHS.root} replace />;
  return (
    <Box sx={{ maxWidth: 1200, mx: "auto" }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        {ADMIN_TEXTS.greeting}
      </Typography>
      <Paper sx={{ mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_e, v: number) => setTab(v)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={ADMIN_TEXTS.tabsLabel}
        >
          {ADMIN_TABS.map((label, i) => (
            <Tab key={label} label={label} id={`admin-tab-${i}`} aria-controls="admin-tabpanel" />
          ))}
        </Tabs>
      </Paper>
      <Box role="tabpanel" id="admin-tabpanel" aria-labelledby={`admin-tab-${tab}`}>
        <TabBody index={tab} />
      </Box>
    </Box>
  );
}
