import {
  numberFromSeed,
  type RouletteHistoryEntry,
  seedCommitment,
  ROULETTE_UI_TEXTS as T,
} from "@airwave/contracts";
import { Alert, Box, Chip, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";

interface Check {
  hashOk: boolean;
  derived: number;
}

/** Recomputes, in this browser, the round's commitment (Web Crypto SHA-256) and its number. */
async function check(entry: RouletteHistoryEntry): Promise<Check> {
  const [hash, derived] = await Promise.all([
    seedCommitment(entry.seed),
    numberFromSeed(entry.seed),
  ]);
  return { hashOk: hash === entry.seedHash, derived };
}

const webCryptoReady = () => typeof globalThis.crypto?.subtle?.digest === "function";

function Mark({ ok, text }: { ok: boolean; text: string }) {
  return (
    <Chip
      size="small"
      color={ok ? "success" : "error"}
      variant={ok ? "outlined" : "filled"}
      label={`${ok ? "✓" : "✗"} ${text}`}
    />
  );
}

/**
 * The verify view (issue 17): for the last rounds, the revealed seed hashed again here with Web
 * Crypto and compared with the commitment published before betting, and the number derived again
 * with the shared `numberFromSeed`; each with ✓ or ✗. Also this round's commitment.
 */
export function VerifyView({
  history,
  commitment,
}: {
  history: readonly RouletteHistoryEntry[];
  commitment: string | null;
}) {
  const [checks, setChecks] = useState<Record<string, Check>>({});
  const ready = webCryptoReady();
  useEffect(() => {
    if (!ready) return;
    let live = true;
    for (const entry of history) {
      void check(entry).then((c) => {
        if (live) setChecks((all) => ({ ...all, [entry.roundId]: c }));
      });
    }
    return () => {
      live = false;
    };
  }, [history, ready]);

  const mono = { fontFamily: "monospace", fontSize: 11, wordBreak: "break-all" } as const;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {T.verifyIntro}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {T.verifyHow}
      </Typography>
      {!ready && <Alert severity="warning">{T.verifyUnavailable}</Alert>}
      {commitment && (
        <Box>
          <Typography variant="caption" color="text.secondary">
            {T.commitmentNow}
          </Typography>
          <Typography sx={mono}>{commitment}</Typography>
        </Box>
      )}
      {history.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {T.noHistory}
        </Typography>
      )}
      {history.map((entry) => {
        const c = checks[entry.roundId];
        return (
          <Box
            key={entry.roundId}
            data-testid="verify-round"
            sx={{ p: 1.25, border: 1, borderColor: "divider", borderRadius: 1 }}
          >
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}
            >
              <Typography sx={{ fontWeight: 800 }}>{T.round(entry.number)}</Typography>
              {!c && ready && (
                <Typography variant="caption" color="text.secondary">
                  {T.verifying}
                </Typography>
              )}
              {c && <Mark ok={c.hashOk} text={c.hashOk ? T.hashMatches : T.hashDiffers} />}
              {c && (
                <Mark
                  ok={c.derived === entry.number}
                  text={
                    c.derived === entry.number
                      ? T.numberMatches(c.derived)
                      : T.numberDiffers(c.derived)
                  }
                />
              )}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {T.commitment}
            </Typography>
            <Typography sx={mono}>{entry.seedHash}</Typography>
            <Typography variant="caption" color="text.secondary">
              {T.seed}
            </Typography>
            <Typography sx={mono}>{entry.seed}</Typography>
          </Box>
        );
      })}
    </Stack>
  );
}
