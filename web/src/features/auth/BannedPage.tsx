import { AUTH_MESSAGES, BAN_APPEAL_EMAIL, PATHS } from "@airwave/contracts";
import GavelIcon from "@mui/icons-material/Gavel";
import { Alert, Box, Button, Link, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AuthLayout } from "../../ui/AuthLayout.tsx";
import { signOut } from "./LogoutPage.tsx";

const formatDate = (iso: string | null) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toLocaleString();
};

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </>
  );
}

/** The three variants of the banned page, chosen by the `reason` query. */
export function BannedPage() {
  const [params] = useSearchParams();
  const [leaving, setLeaving] = useState(false);
  const reason = params.get("reason");
  const ip = params.get("ip") || AUTH_MESSAGES.bannedUnknownIp;
  const variant =
    reason === "blacklist"
      ? { title: AUTH_MESSAGES.bannedTitleBlacklist, message: AUTH_MESSAGES.bannedBlacklist }
      : reason === "banned_ip"
        ? { title: AUTH_MESSAGES.bannedTitleIp, message: AUTH_MESSAGES.bannedIp }
        : { title: AUTH_MESSAGES.bannedTitleAccount, message: AUTH_MESSAGES.bannedAccount };
  const isAccount = reason !== "blacklist" && reason !== "banned_ip";
  const bannedAt = formatDate(params.get("bannedAt"));
  const until = formatDate(params.get("until"));

  return (
    <AuthLayout title={variant.title}>
      <Stack spacing={2}>
        <Alert severity="error" icon={<GavelIcon />}>
          {variant.message}
        </Alert>
        <Box
          component="dl"
          sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 1 }}
        >
          {isAccount && (
            <Fact term="Reason" value={params.get("banReason") || AUTH_MESSAGES.bannedNoReason} />
          )}
          {isAccount && bannedAt && <Fact term="Banned on" value={bannedAt} />}
          {until && <Fact term="Until" value={until} />}
          <Fact term="Your IP" value={ip} />
        </Box>
        <Typography color="text.secondary">
          {AUTH_MESSAGES.banAppeal}{" "}
          <Link href={`mailto:${BAN_APPEAL_EMAIL}`}>{BAN_APPEAL_EMAIL}</Link>.
        </Typography>
        <Button
          variant="contained"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut().then(() => window.location.assign(PATHS.login));
          }}
        >
          {AUTH_MESSAGES.returnToLogin}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
