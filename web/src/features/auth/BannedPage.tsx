import { AUTH_MESSAGES, BAN_APPEAL_EMAIL, PATHS } from "@airwave/contracts";
import GavelIcon from "@mui/icons-material/Gavel";
import { Alert, Box, Button, Link, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useAuthStatus } from "../../app/session.ts";
import { AuthLayout } from "../../ui/AuthLayout.tsx";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { type BanRecord, forgetBan, rememberedBan } from "./ban-record.ts";
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

const VARIANTS = {
  blacklist: { title: AUTH_MESSAGES.bannedTitleBlacklist, message: AUTH_MESSAGES.bannedBlacklist },
  banned_ip: { title: AUTH_MESSAGES.bannedTitleIp, message: AUTH_MESSAGES.bannedIp },
  account_banned: { title: AUTH_MESSAGES.bannedTitleAccount, message: AUTH_MESSAGES.bannedAccount },
} as const;

/**
 * The server's ban as this tab last heard it: the answer kept on the way here (a refused sign-in, a
 * force-kick), else the auth status when it says this browser is banned (an IP ban); null when the
 * server said neither. Never the page's URL: a link cannot put words on this page.
 */
function useBanRecord(): { record: BanRecord | null; loading: boolean } {
  const [remembered] = useState(rememberedBan);
  const status = useAuthStatus();
  if (remembered) return { record: remembered, loading: false };
  const s = status.data;
  if (s?.banned) {
    return {
      record: {
        reason: s.banKind ?? "account_banned",
        banReason: s.banKind === "account_banned" ? s.banReason : null,
        banExpiresAt: s.banExpiresAt,
      },
      loading: false,
    };
  }
  return { record: null, loading: status.isPending };
}

/** The three variants of the banned page, chosen by the server's ban; a generic text without one. */
export function BannedPage() {
  const [leaving, setLeaving] = useState(false);
  const { record, loading } = useBanRecord();
  if (loading) return <PageLoader />;
  const variant = record
    ? VARIANTS[record.reason]
    : { title: AUTH_MESSAGES.bannedTitleGeneric, message: AUTH_MESSAGES.bannedGeneric };
  const isAccount = record?.reason === "account_banned";
  const bannedAt = formatDate(record?.bannedAt ?? null);
  const until = formatDate(record?.banExpiresAt ?? null);

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
            <Fact term="Reason" value={record.banReason || AUTH_MESSAGES.bannedNoReason} />
          )}
          {isAccount && bannedAt && <Fact term="Banned on" value={bannedAt} />}
          {until && <Fact term="Until" value={until} />}
          {record && <Fact term="Your IP" value={record.ip || AUTH_MESSAGES.bannedUnknownIp} />}
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
            forgetBan();
            void signOut().then(() => window.location.assign(PATHS.login));
          }}
        >
          {AUTH_MESSAGES.returnToLogin}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
