import { MP3_LIMITS, MP3_MESSAGES, MP3_UI_TEXTS as T } from "@airwave/contracts";
import { Alert, Pagination, Stack, Typography } from "@mui/material";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { mp3Api, mp3Keys } from "./api.ts";
import { downloadManager, useDownloads } from "./downloads.ts";
import { useCountedRefresh } from "./LibraryTab.tsx";
import { downloadOf, TrackRow } from "./TrackRow.tsx";

/** The profile's Tracks / Mixes tab: the member's uploads, newest first, each with its player. */
export function ProfileTracks({ memberId }: { memberId: string }) {
  const [page, setPage] = useState(1);
  const { downloaded } = useDownloads();
  useCountedRefresh();
  const query = { page, limit: MP3_LIMITS.pageSize, sort: "uploadedAt", order: "desc" } as const;
  const list = useQuery({
    queryKey: mp3Keys.user(memberId, query),
    queryFn: ({ signal }) => mp3Api.user(memberId, query, signal),
    placeholderData: keepPreviousData,
  });
  if (list.isError) return <Alert severity="error">{MP3_MESSAGES.fetchUserTracksFailed}</Alert>;
  if (!list.data) return <PageLoader />;
  const tracks = list.data.data;
  const pages = list.data.pagination.pages;
  if (tracks.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: "center" }}>
        {T.profileEmpty}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Stack component="ul" spacing={1} aria-label={T.profileTab} sx={{ p: 0, m: 0 }}>
        {tracks.map((track) => (
          <TrackRow
            key={track._id}
            track={track}
            downloaded={downloaded.has(track._id)}
            onDownload={() => downloadManager().enqueue([downloadOf(track)])}
          />
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_e, p) => setPage(p)}
          siblingCount={0}
          sx={{ alignSelf: "center" }}
        />
      )}
    </Stack>
  );
}
