import { PATHS } from "@airwave/contracts";
import { Navigate } from "react-router";
import { useMe } from "../../app/session.ts";
import { PageLoader } from "../../ui/PageLoader.tsx";

/** /myprofile is the signed-in member's own profile page. */
export function MyProfileRedirect() {
  const me = useMe();
  if (!me.data) return <PageLoader />;
  return <Navigate to={PATHS.user(me.data.username)} replace />;
}
