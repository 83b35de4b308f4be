import { GIF_LIMITS, GIF_MESSAGES } from "@airwave/contracts";
import CloseIcon from "@mui/icons-material/Close";
import SearchIcon from "@mui/icons-material/Search";
import TrendingUpIcon from "@mui/icons-material/TrendingUp";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
} from "@mui/material";
import type { Theme } from "@mui/material/styles";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { ApiError } from "../../app/api.ts";
import { fetchLibraryGifs, fetchTrendingGifs, gifKeys, searchGifs } from "./api.ts";

/** What a picked GIF sends: its URL (a link ending .gif) and its title. */
export interface PickedGif {
  url: string;
  title: string;
}

type GifTab = "giphy" | "library";

/** One page (20) of the station library, filtered by name (case-insensitive). */
function libraryPageOf<T extends { name: string }>(gifs: T[], query: string, page: number) {
  const q = query.trim().toLowerCase();
  const matching = q ? gifs.filter((g) => g.name.toLowerCase().includes(q)) : gifs;
  const pages = Math.max(1, Math.ceil(matching.length / GIF_LIMITS.libraryPageSize));
  const current = Math.min(Math.max(0, page), pages - 1);
  const start = current * GIF_LIMITS.libraryPageSize;
  return { items: matching.slice(start, start + GIF_LIMITS.libraryPageSize), page: current, pages };
}

interface Tile {
  key: string;
  src: string;
  title: string;
  send: string;
}

function TileGrid({ tiles, onPick }: { tiles: Tile[]; onPick: (tile: Tile) => void }) {
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: "repeat(auto-fill, minmax(104px, 1fr))",
        gap: 1,
      }}
    >
      {tiles.map((tile) => (
        <Box
          key={tile.key}
          component="button"
          type="button"
          onClick={() => onPick(tile)}
          title={tile.title}
          sx={{
            p: 0,
            border: 0,
            borderRadius: 1,
            overflow: "hidden",
            cursor: "pointer",
            bgcolor: "action.hover",
            height: 104,
            outlineOffset: 2,
            "&:hover, &:focus-visible": { outline: "2px solid", outlineColor: "primary.main" },
          }}
        >
          <Box
            component="img"
            src={tile.src}
            alt={tile.title || "GIF"}
            loading="lazy"
            sx={{ width: "100%", height: "100%", objectFit: "contain", display: "block" }}
          />
        </Box>
      ))}
    </Box>
  );
}

function Status({
  loading,
  text,
  severity,
}: {
  loading?: boolean;
  text?: string;
  severity?: "error" | "info";
}) {
  if (loading) {
    return (
      <Box sx={{ display: "grid", placeItems: "center", py: 6 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (!text) return null;
  if (severity) return <Alert severity={severity}>{text}</Alert>;
  return (
    <Typography color="text.secondary" sx={{ textAlign: "center", py: 6 }}>
      {text}
    </Typography>
  );
}

const isNotConfigured = (error: unknown) => error instanceof ApiError && error.status === 503;

/**
 * The GIF dialog (community spec 4 and 8; decisions "Media"): GIPHY stickers through our server
 * (trending until a search is made; a search needs a non-empty trimmed query) and the station's own
 * GIFs. It closes only through its own button and after a GIF is chosen.
 */
export function GifDialog({
  open,
  onClose,
  onSelect,
}: {
  open: boolean;
  onClose: () => void;
  onSelect: (gif: PickedGif) => void;
}) {
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  const [tab, setTab] = useState<GifTab>("giphy");
  const [input, setInput] = useState("");
  const [term, setTerm] = useState<string | null>(null);
  const [libraryQuery, setLibraryQuery] = useState("");
  const [libraryPage, setLibraryPage] = useState(0);

  const onGiphy = open && tab === "giphy";
  const trending = useQuery({
    queryKey: gifKeys.trending,
    queryFn: ({ signal }) => fetchTrendingGifs(signal),
    enabled: onGiphy && term === null,
    staleTime: GIF_LIMITS.cacheTtlMs,
    retry: false,
  });
  const search = useQuery({
    queryKey: gifKeys.search(term ?? ""),
    queryFn: ({ signal }) => searchGifs(term ?? "", signal),
    enabled: onGiphy && term !== null,
    staleTime: GIF_LIMITS.cacheTtlMs,
    retry: false,
  });
  const library = useQuery({
    queryKey: gifKeys.library,
    queryFn: ({ signal }) => fetchLibraryGifs(signal),
    enabled: open && tab === "library",
    staleTime: GIF_LIMITS.cacheTtlMs,
    retry: false,
  });

  const giphy = term === null ? trending : search;
  const notConfigured = isNotConfigured(giphy.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = input.trim();
    if (q) setTerm(q);
  };

  const pick = (tile: Tile) => {
    onSelect({ url: tile.send, title: tile.title });
    onClose();
  };

  const giphyTiles: Tile[] = (giphy.data ?? []).map((g) => ({
    key: g.id,
    src: g.images.fixed_height_small.url,
    title: g.title,
    send: g.images.fixed_height.url,
  }));
  const libraryView = libraryPageOf(library.data ?? [], libraryQuery, libraryPage);
  const libraryTiles: Tile[] = libraryView.items.map((g) => ({
    key: g._id,
    src: g.file,
    title: g.name,
    send: g.file,
  }));

  let giphyBody: ReactNode;
  if (notConfigured) {
    giphyBody = <Status text={GIF_MESSAGES.notConfigured} severity="info" />;
  } else if (giphy.isError) {
    giphyBody = (
      <Status
        text={term === null ? GIF_MESSAGES.failedTrending : GIF_MESSAGES.failedToLoad}
        severity="error"
      />
    );
  } else if (giphy.isPending) {
    giphyBody = <Status loading />;
  } else if (giphyTiles.length === 0) {
    giphyBody = <Status text={GIF_MESSAGES.noResults} />;
  } else {
    giphyBody = <TileGrid tiles={giphyTiles} onPick={pick} />;
  }

  let libraryBody: ReactNode;
  if (library.isError) libraryBody = <Status text={GIF_MESSAGES.failedToLoad} severity="error" />;
  else if (library.isPending) libraryBody = <Status loading />;
  else if ((library.data ?? []).length === 0)
    libraryBody = <Status text={GIF_MESSAGES.noLibraryGifs} />;
  else if (libraryTiles.length === 0) libraryBody = <Status text={GIF_MESSAGES.noLibraryMatches} />;
  else libraryBody = <TileGrid tiles={libraryTiles} onPick={pick} />;

  return (
    <Dialog
      open={open}
      // Closes only through its own button or a chosen GIF: not the backdrop, not Escape.
      onClose={() => {}}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-t`}
      slotProps={{ paper: { sx: { height: fullScreen ? "100%" : "min(640px, 90vh)" } } }}
    >
      <DialogTitle id={`${id}-t`} sx={{ display: "flex", alignItems: "center", pr: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {GIF_MESSAGES.dialogTitle}
        </Box>
        <IconButton aria-label={GIF_MESSAGES.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <Tabs value={tab} onChange={(_e, v: GifTab) => setTab(v)} sx={{ px: 2 }}>
        <Tab value="giphy" label={GIF_MESSAGES.trendingTab} />
        <Tab value="library" label={GIF_MESSAGES.libraryTab} />
      </Tabs>
      <DialogContent dividers sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
        {tab === "giphy" ? (
          <>
            <Stack
              component="form"
              direction="row"
              spacing={1}
              onSubmit={submit}
              role="search"
              sx={{ alignItems: "center" }}
            >
              <TextField
                size="small"
                fullWidth
                value={input}
                onChange={(e) => setInput(e.target.value)}
                placeholder={GIF_MESSAGES.searchLabel}
                disabled={notConfigured}
                slotProps={{
                  htmlInput: {
                    "aria-label": GIF_MESSAGES.searchLabel,
                    maxLength: GIF_LIMITS.queryMax,
                  },
                }}
              />
              <Button
                type="submit"
                variant="contained"
                startIcon={<SearchIcon />}
                disabled={!input.trim() || notConfigured}
                sx={{ flexShrink: 0 }}
              >
                {GIF_MESSAGES.searchButton}
              </Button>
            </Stack>
            {term !== null && (
              <Box sx={{ mt: -1 }}>
                <Button
                  size="small"
                  startIcon={<TrendingUpIcon />}
                  onClick={() => {
                    setTerm(null);
                    setInput("");
                  }}
                >
                  {GIF_MESSAGES.backToTrending}
                </Button>
              </Box>
            )}
            <Box sx={{ flex: 1 }}>{giphyBody}</Box>
          </>
        ) : (
          <>
            <TextField
              size="small"
              fullWidth
              value={libraryQuery}
              onChange={(e) => {
                setLibraryQuery(e.target.value);
                setLibraryPage(0);
              }}
              placeholder={GIF_MESSAGES.librarySearchLabel}
              slotProps={{
                htmlInput: {
                  "aria-label": GIF_MESSAGES.librarySearchLabel,
                  maxLength: GIF_LIMITS.queryMax,
                },
              }}
            />
            <Box sx={{ flex: 1 }}>{libraryBody}</Box>
            {libraryView.pages > 1 && (
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: "center", justifyContent: "center" }}
              >
                <Button
                  size="small"
                  disabled={libraryView.page === 0}
                  onClick={() => setLibraryPage(libraryView.page - 1)}
                >
                  {GIF_MESSAGES.previousPage}
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {GIF_MESSAGES.libraryPage(libraryView.page + 1, libraryView.pages)}
                </Typography>
                <Button
                  size="small"
                  disabled={libraryView.page >= libraryView.pages - 1}
                  onClick={() => setLibraryPage(libraryView.page + 1)}
                >
                  {GIF_MESSAGES.nextPage}
                </Button>
              </Stack>
            )}
          </>
        )}
      </DialogContent>
      {tab === "giphy" && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ px: 3, py: 1, textAlign: "right" }}
        >
          {GIF_MESSAGES.poweredBy}
        </Typography>
      )}
    </Dialog>
  );
}
