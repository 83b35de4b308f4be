import {
  ADMIN_USERS_LIMITS,
  hasRole,
  ADMIN_USERS_MESSAGES as M,
  ADMIN_USERS_TEXTS as T,
} from "@airwave/contracts";
import ManageAccountsIcon from "@mui/icons-material/ManageAccounts";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { Button, Chip, IconButton, TableCell, TableRow } from "@mui/material";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { UserAvatar } from "../../../ui/UserAvatar.tsx";
import { AdminSection, AdminToolbar } from "../ui/AdminSection.tsx";
import { AdminTable } from "../ui/AdminTable.tsx";
import { QueryView } from "../ui/QueryView.tsx";
import { SearchField } from "../ui/SearchField.tsx";
import { useSearchPaging } from "../ui/use-search-paging.ts";
import { usersApi, usersKeys } from "./api.ts";
import { CreateUserDialog } from "./CreateUserDialog.tsx";
import { UserDialog } from "./UserDialog.tsx";

const COLUMNS = [
  { label: T.profileImage },
  { label: T.username },
  { label: T.email },
  { label: T.role },
  { label: T.created },
  { label: T.bannedBy },
  { label: T.banReason },
  { label: T.actions, align: "right" },
] as const;

const roleColor = (role: string) =>
  hasRole(role, "banned")
    ? "error"
    : hasRole(role, "Admin")
      ? "primary"
      : hasRole(role, "Moderator")
        ? "secondary"
        : "default";

/** Tab 1: search, the users table (15 a page, paged by the server), create user, the user dialog. */
export function UsersTab() {
  const qc = useQueryClient();
  const { text, setText, term, page, setPage } = useSearchPaging(
    ADMIN_USERS_LIMITS.searchDebounceMs,
  );
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  const query = useQuery({
    queryKey: usersKeys.list(term, page + 1),
    queryFn: ({ signal }) => usersApi.list({ search: term, page: page + 1 }, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <AdminSection
      title={T.title}
      actions={
        <AdminToolbar>
          <SearchField
            label={T.search}
            type="search"
            value={text}
            onChange={setText}
            maxLength={ADMIN_USERS_LIMITS.searchMax}
          />
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            onClick={() => setCreating(true)}
          >
            {T.createUser}
          </Button>
        </AdminToolbar>
      }
    >
      <QueryView
        query={query}
        label={T.title}
        errorText={M.usersLoadFailed}
        empty={query.data?.users.length === 0 && T.noUsers}
      >
        {(data) => (
          <AdminTable
            actionsLast
            label={T.title}
            columns={COLUMNS}
            minWidth={900}
            paging={{
              count: data.total,
              page,
              pageSize: data.pageSize,
              onPageChange: setPage,
            }}
          >
            {data.users.map((user) => (
              <TableRow key={user.id} hover>
                <TableCell sx={{ width: 56 }}>
                  <UserAvatar user={user} size={36} link={false} />
                </TableCell>
                <TableCell sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
                  {user.username}
                </TableCell>
                <TableCell sx={{ overflowWrap: "anywhere", minWidth: 160 }}>{user.email}</TableCell>
                <TableCell>
                  <Chip size="small" label={user.role} color={roleColor(user.role)} />
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {new Date(user.createdAt).toLocaleDateString()}
                </TableCell>
                <TableCell>{user.bannedBy ?? ""}</TableCell>
                <TableCell sx={{ maxWidth: 220, wordBreak: "break-word" }}>
                  {user.banReason ?? ""}
                </TableCell>
                <TableCell align="right">
                  <IconButton
                    aria-label={T.manage(user.username)}
                    onClick={() => setOpenId(user.id)}
                  >
                    <ManageAccountsIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </AdminTable>
        )}
      </QueryView>

      <CreateUserDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => void qc.invalidateQueries({ queryKey: usersKeys.all })}
      />
      {openId ? <UserDialog userId={openId} onClose={() => setOpenId(null)} /> : null}
    </AdminSection>
  );
}
