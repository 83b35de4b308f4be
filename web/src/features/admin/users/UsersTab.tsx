import {
  ADMIN_TEXTS,
  ADMIN_USERS_LIMITS,
  hasRole,
  ADMIN_USERS_MESSAGES as M,
  ADMIN_USERS_TEXTS as T,
} from "@airwave/contracts";
import ManageAccountsIcon from "@mui/icons-material/ManageAccounts";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import SearchIcon from "@mui/icons-material/Search";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  InputAdornment,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import { UserAvatar } from "../../../ui/UserAvatar.tsx";
import { usersApi, usersKeys } from "./api.ts";
import { CreateUserDialog } from "./CreateUserDialog.tsx";
import { UserDialog } from "./UserDialog.tsx";

/** The search text, passed on once typing pauses. */
function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

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
  const [search, setSearch] = useState("");
  const term = useDebounced(search.trim(), ADMIN_USERS_LIMITS.searchDebounceMs);
  // The page belongs to the search it was chosen in: a new search starts at its first page.
  const [paging, setPaging] = useState({ term, page: 0 });
  const page = paging.term === term ? paging.page : 0;
  const setPage = (next: number) => setPaging({ term, page: next });
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  const query = useQuery({
    queryKey: usersKeys.list(term, page + 1),
    queryFn: ({ signal }) => usersApi.list({ search: term, page: page + 1 }, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ alignItems: { sm: "center" }, justifyContent: "space-between", mb: 2 }}
      >
        <Typography variant="h6" component="h2">
          {T.title}
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            size="small"
            label={T.search}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value.slice(0, ADMIN_USERS_LIMITS.searchMax))}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            onClick={() => setCreating(true)}
          >
            {T.createUser}
          </Button>
        </Stack>
      </Stack>

      {query.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label={T.title} />
        </Box>
      ) : query.isError || !data ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void query.refetch()}>{ADMIN_TEXTS.retry}</Button>}
        >
          {M.usersLoadFailed}
        </Alert>
      ) : data.users.length === 0 ? (
        <EmptyState text={T.noUsers} />
      ) : (
        <>
          <TableContainer sx={{ overflowX: "auto" }}>
            <Table
              size="small"
              aria-label={T.title}
              sx={{ minWidth: 900, "& th": { whiteSpace: "nowrap" } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{T.profileImage}</TableCell>
                  <TableCell>{T.username}</TableCell>
                  <TableCell>{T.email}</TableCell>
                  <TableCell>{T.role}</TableCell>
                  <TableCell>{T.created}</TableCell>
                  <TableCell>{T.bannedBy}</TableCell>
                  <TableCell>{T.banReason}</TableCell>
                  <TableCell align="right">{T.actions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.users.map((user) => (
                  <TableRow key={user.id} hover>
                    <TableCell sx={{ width: 56 }}>
                      <UserAvatar user={user} size={36} link={false} />
                    </TableCell>
                    <TableCell sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
                      {user.username}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: "anywhere", minWidth: 160 }}>
                      {user.email}
                    </TableCell>
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
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.total}
            page={Math.min(page, Math.max(0, Math.ceil(data.total / data.pageSize) - 1))}
            rowsPerPage={data.pageSize}
            rowsPerPageOptions={[]}
            onPageChange={(_e, p) => setPage(p)}
          />
        </>
      )}

      <CreateUserDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => void qc.invalidateQueries({ queryKey: usersKeys.all })}
      />
      {openId ? <UserDialog userId={openId} onClose={() => setOpenId(null)} /> : null}
    </Paper>
  );
}
