import {
  ADMIN_DELETE_MESSAGES,
  ADMIN_USER_ROLES,
  type AdminUserRole,
  hasRole,
  IP_BAN_MESSAGES,
  ADMIN_USERS_MESSAGES as M,
  PATHS,
  ADMIN_USERS_TEXTS as T,
} from "@airwave/contracts";
import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../../../app/api.ts";
import { useMe } from "../../../app/session.ts";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { UserAvatar } from "../../../ui/UserAvatar.tsx";
import { UserPointsSection } from "../../points/UserPointsSection.tsx";
import { failureMessage } from "../../tickets/hooks.ts";
import { AdminDialog } from "../ui/AdminDialog.tsx";
import { QueryView } from "../ui/QueryView.tsx";
import { usersApi, usersKeys } from "./api.ts";
import { BanDialog } from "./BanDialog.tsx";
import { UnbanDialog } from "./UnbanDialog.tsx";

type Confirming = "unban" | "reset" | "delete" | "banIp" | null;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The user dialog (admin spec 2, Tab 1): role, DJ status, ban, reset mail, profile, IP ban, delete,
 * points and the scoreboard exclusion.
 */
export function UserDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const me = useMe().data;
  const [banning, setBanning] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const query = useQuery({
    queryKey: usersKeys.detail(userId),
    queryFn: ({ signal }) => usersApi.detail(userId, signal),
  });

  const reload = () => qc.invalidateQueries({ queryKey: usersKeys.all });
  const ok = (message: string) => enqueueSnackbar(message, { variant: "success" });
  const fail = (message: string) => enqueueSnackbar(message, { variant: "error" });

  const role = useMutation({
    mutationFn: (next: AdminUserRole) => usersApi.setRole(userId, next),
    onSuccess: () => ok(M.roleUpdated),
    onError: () => fail(M.roleFailed),
    onSettled: reload,
  });
  const dj = useMutation({
    mutationFn: (next: boolean) => usersApi.setDj(userId, next),
    onSuccess: () => ok(M.djUpdated),
    onError: (err) => fail(failureMessage(err, M.djFailed)),
    onSettled: reload,
  });
  const ban = useMutation({
    mutationFn: (input: { reason: string; expiresAt: string | null; relatedIds: string[] }) =>
      usersApi.ban(userId, input.reason, input.expiresAt, input.relatedIds),
    onSuccess: () => {
      ok(M.banned);
      setBanning(false);
    },
    onError: (err) => fail(failureMessage(err, M.banFailed)),
    onSettled: reload,
  });
  const unban = useMutation({
    mutationFn: (alsoIds: string[]) => usersApi.unban(userId, alsoIds),
    onSuccess: () => ok(M.unbanned),
    onError: (err) => fail(failureMessage(err, M.unbanFailed)),
    onSettled: () => {
      setConfirming(null);
      return reload();
    },
  });
  const reset = useMutation({
    mutationFn: () => usersApi.resetEmail(userId),
    onSuccess: () => ok(M.resetSent),
    // The spec's toast, except for the hourly limit, whose message says when to try again.
    onError: (err) =>
      fail(
        err instanceof ApiError && err.status === 429
          ? failureMessage(err, M.resetFailed)
          : M.resetFailed,
      ),
    onSettled: () => setConfirming(null),
  });
  const banIp = useMutation({
    mutationFn: () => usersApi.banIp(userId),
    onSuccess: () => ok(IP_BAN_MESSAGES.banned),
    onError: (err) => fail(failureMessage(err, IP_BAN_MESSAGES.banFailed)),
    onSettled: () => {
      setConfirming(null);
      return reload();
    },
  });
  const remove = useMutation({
    mutationFn: () => usersApi.remove(userId),
    onSuccess: () => {
      ok(ADMIN_DELETE_MESSAGES.deleted);
      setConfirming(null);
      onClose();
    },
    onError: () => {
      fail(ADMIN_DELETE_MESSAGES.failed);
      setConfirming(null);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: usersKeys.all, refetchType: "active" }),
  });

  const detail = query.data;
  const user = detail?.user;
  const isSelf = !!me && me._id === userId;
  const banned = !!user && hasRole(user.role, "banned");
  const busy = role.isPending || dj.isPending;

  return (
    <>
      <AdminDialog
        onClose={onClose}
        title={user ? user.username : T.title}
        dividers
        actions={<Button onClick={onClose}>{T.close}</Button>}
      >
        <QueryView
          query={query}
          label={T.title}
          errorText={failureMessage(query.error, M.userLoadFailed)}
          retry={false}
        >
          {({ user }) => (
            <Stack spacing={2.5}>
              <Stack direction="row" spacing={2} sx={{ alignItems: "center", minWidth: 0 }}>
                <UserAvatar user={user} size={56} link={false} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, wordBreak: "break-word" }}>
                    {user.username}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ wordBreak: "break-all" }}
                  >
                    {user.email}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: "wrap" }}>
                    <Chip size="small" label={user.role} color={banned ? "error" : "default"} />
                    {user.isDj ? <Chip size="small" color="secondary" label={T.djStatus} /> : null}
                  </Stack>
                </Box>
              </Stack>
              {banned ? (
                <Alert severity="error">
                  {T.bannedSince} {user.bannedAt ? new Date(user.bannedAt).toLocaleString() : ""}
                  {user.bannedBy ? ` · ${T.bannedBy} ${user.bannedBy}` : ""}
                  {user.bannedWith ? ` · ${T.bannedWith} ${user.bannedWith}` : ""}
                  {user.banExpiresAt
                    ? ` · ${T.banUntil} ${new Date(user.banExpiresAt).toLocaleString()}`
                    : ""}
                  <br />
                  {T.banReason}: {user.banReason || T.noReason}
                </Alert>
              ) : null}

              <Section title={T.roleSection}>
                <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                  <TextField
                    select
                    size="small"
                    label={T.role}
                    value={
                      banned ? "" : (ADMIN_USER_ROLES.find((r) => hasRole(user.role, r)) ?? "")
                    }
                    disabled={isSelf || banned || busy}
                    onChange={(e) => {
                      const next = ADMIN_USER_ROLES.find((r) => r === e.target.value);
                      if (next) role.mutate(next);
                    }}
                    sx={{ width: { xs: "100%", sm: 240 } }}
                    helperText={isSelf ? T.ownRoleNote : banned ? T.roleLockedNote : undefined}
                  >
                    {ADMIN_USER_ROLES.map((r) => (
                      <MenuItem key={r} value={r}>
                        {T.roleLabels[r]}
                      </MenuItem>
                    ))}
                  </TextField>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={user.isDj}
                        disabled={busy}
                        onChange={(_e, checked) => dj.mutate(checked)}
                      />
                    }
                    label={T.djStatus}
                  />
                </Stack>
              </Section>

              <Divider />
              <Section title={T.moderationSection}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
                  {banned ? (
                    <Button variant="outlined" onClick={() => setConfirming("unban")}>
                      {T.unban}
                    </Button>
                  ) : (
                    <Button
                      variant="contained"
                      color="error"
                      disabled={isSelf || hasRole(user.role, "Admin")}
                      onClick={() => setBanning(true)}
                    >
                      {T.ban}
                    </Button>
                  )}
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={!user.lastLoginIp || isSelf}
                    onClick={() => setConfirming("banIp")}
                  >
                    {T.banIp}
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={isSelf}
                    onClick={() => setConfirming("delete")}
                  >
                    {T.deleteAccount}
                  </Button>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {T.lastLoginIp}: {user.lastLoginIp ?? T.noLoginIp}
                </Typography>
              </Section>

              <Divider />
              <Section title={T.accountSection}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
                  <Button
                    variant="outlined"
                    disabled={banned}
                    onClick={() => setConfirming("reset")}
                  >
                    {T.sendReset}
                  </Button>
                  <Button component={RouterLink} to={PATHS.user(user.username)} onClick={onClose}>
                    {T.viewProfile}
                  </Button>
                </Stack>
              </Section>

              <Divider />
              <Section title={T.pointsSection}>
                <UserPointsSection userId={userId} />
              </Section>
            </Stack>
          )}
        </QueryView>
      </AdminDialog>

      {banning && user && detail ? (
        <BanDialog
          open
          username={user.username}
          related={detail.relatedAccounts}
          busy={ban.isPending}
          onConfirm={(reason, expiresAt, relatedIds) =>
            ban.mutate({ reason, expiresAt, relatedIds })
          }
          onClose={() => setBanning(false)}
        />
      ) : null}
      {user ? (
        <>
          {confirming === "unban" && detail ? (
            <UnbanDialog
              username={user.username}
              bannedWith={detail.bannedWithThis}
              busy={unban.isPending}
              onConfirm={(alsoIds) => unban.mutate(alsoIds)}
              onClose={() => setConfirming(null)}
            />
          ) : null}
          <ConfirmDialog
            open={confirming === "reset"}
            title={T.resetTitle}
            message={T.resetText(user.email)}
            confirmLabel={T.resetConfirm}
            cancelLabel={T.cancel}
            busy={reset.isPending}
            onConfirm={() => reset.mutate()}
            onClose={() => setConfirming(null)}
          />
          <ConfirmDialog
            open={confirming === "banIp"}
            title={T.banIpTitle}
            message={T.banIpText(user.lastLoginIp ?? "", user.username)}
            confirmLabel={T.banIpConfirm}
            cancelLabel={T.cancel}
            busy={banIp.isPending}
            onConfirm={() => banIp.mutate()}
            onClose={() => setConfirming(null)}
          />
          <ConfirmDialog
            open={confirming === "delete"}
            title={ADMIN_DELETE_MESSAGES.confirmTitle}
            message={ADMIN_DELETE_MESSAGES.confirmText(user.username)}
            confirmLabel={ADMIN_DELETE_MESSAGES.confirm}
            cancelLabel={T.cancel}
            busy={remove.isPending}
            onConfirm={() => remove.mutate()}
            onClose={() => setConfirming(null)}
          />
        </>
      ) : null}
    </>
  );
}
