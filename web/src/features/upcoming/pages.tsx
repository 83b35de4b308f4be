import { isAdminRole, PATHS } from "@airwave/contracts";
import ConstructionIcon from "@mui/icons-material/Construction";
import { Paper, Stack, Typography } from "@mui/material";
import { Navigate } from "react-router";
import { useMe } from "../../app/session.ts";
import { PageLoader } from "../../ui/PageLoader.tsx";

/**
 * Pages whose features are still being built. The routes and the guard exist now; each page says
 * plainly that the feature is not there yet rather than showing anything fake.
 */
function NotYetBuilt({ title, what }: { title: string; what: string }) {
  return (
    <Paper sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 720 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 1 }}>
        <ConstructionIcon color="warning" />
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
      </Stack>
      <Typography color="text.secondary">
        {what} is not open yet: it is being built and arrives in a coming release.
      </Typography>
    </Paper>
  );
}

/** /myprofile is the signed-in member's own profile page. */
export function MyProfileRedirect() {
  const me = useMe();
  if (!me.data) return <PageLoader />;
  return <Navigate to={PATHS.user(me.data.username)} replace />;
}

/** /admin: role Admin only; anyone else is sent to / (admin spec). */
export function AdminPage() {
  const me = useMe();
  if (!me.data) return <PageLoader />;
  if (!isAdminRole(me.data.role)) return <Navigate to={PATHS.root} replace />;
  return <NotYetBuilt title="Welcome Admin" what="The admin dashboard" />;
}
