import { DJ_MESSAGES, STREAMING_PASSWORD_FORMATS, type StreamingDetails } from "@airwave/contracts";
import CheckIcon from "@mui/icons-material/Check";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import VisibilityIcon from "@mui/icons-material/Visibility";
import VisibilityOffIcon from "@mui/icons-material/VisibilityOff";
import {
  Alert,
  Box,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { visuallyHidden } from "../../ui/visually-hidden.ts";

type CopyState = "idle" | "copied" | "failed";

/** Copies `value`; its label says what, and a short status says whether it worked. */
function CopyButton({ value, what }: { value: string; what: string }) {
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2000);
  };
  const tip =
    state === "copied" ? DJ_MESSAGES.copied : state === "failed" ? DJ_MESSAGES.copyFailed : "";
  return (
    <Tooltip title={tip || `Copy ${what}`} open={state !== "idle" ? true : undefined}>
      <IconButton aria-label={`Copy ${what}`} onClick={copy} edge="end" size="small">
        {state === "copied" ? (
          <CheckIcon fontSize="small" color="success" />
        ) : (
          <ContentCopyIcon fontSize="small" />
        )}
        <Box component="span" role="status" sx={visuallyHidden}>
          {tip}
        </Box>
      </IconButton>
    </Tooltip>
  );
}

const mono = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" };

/** The approved DJ's own radio username and password (community spec 6: only they see it). */
export function StreamingCredentials({
  radioUsername,
  radioPassword,
}: {
  radioUsername: string;
  radioPassword?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <Stack spacing={2} component="section" aria-labelledby="streaming-details">
      <Typography id="streaming-details" variant="h6" component="h2">
        Streaming Details
      </Typography>
      <TextField
        label="Radio Username"
        value={radioUsername}
        fullWidth
        slotProps={{
          htmlInput: { readOnly: true, style: mono, spellCheck: false },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <CopyButton value={radioUsername} what="username" />
              </InputAdornment>
            ),
          },
        }}
      />
      {radioPassword ? (
        <TextField
          label="Radio Password"
          value={radioPassword}
          type={shown ? "text" : "password"}
          fullWidth
          slotProps={{
            htmlInput: { readOnly: true, style: mono, spellCheck: false, autoComplete: "off" },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={shown ? "Hide password" : "Show password"}
                    aria-pressed={shown}
                    onClick={() => setShown((s) => !s)}
                    size="small"
                  >
                    {shown ? (
                      <VisibilityOffIcon fontSize="small" />
                    ) : (
                      <VisibilityIcon fontSize="small" />
                    )}
                  </IconButton>
                  <CopyButton value={radioPassword} what="password" />
                </InputAdornment>
              ),
            },
          }}
        />
      ) : (
        <Alert severity="warning">{DJ_MESSAGES.credentialsUnavailable}</Alert>
      )}
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box
      component="div"
      sx={{
        display: "grid",
        gridTemplateColumns: "minmax(84px, auto) 1fr",
        gap: 2,
        alignItems: "baseline",
      }}
    >
      <Typography component="dt" color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, ...mono, overflowWrap: "anywhere" }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Where to connect: shown to every member, approved or not (no secret in it). */
export function StreamingServer({ streaming }: { streaming: StreamingDetails }) {
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="streaming-server">
      <Typography id="streaming-server" variant="h6" component="h2">
        Streaming Server
      </Typography>
      <Typography color="text.secondary" variant="body2">
        {DJ_MESSAGES.streamingHelp}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: "grid", gap: 1 }}>
        <Detail label="Host" value={streaming.host} />
        <Detail label="IP" value={streaming.ip} />
        <Detail label="Port" value={String(streaming.port)} />
      </Box>
      <Typography color="text.secondary" variant="body2">
        {DJ_MESSAGES.passwordFormatsHelp}
      </Typography>
      <Box
        component="ul"
        aria-label="Password formats"
        sx={{ m: 0, pl: 3, display: "grid", gap: 0.5 }}
      >
        {STREAMING_PASSWORD_FORMATS.map((f) => (
          <li key={f}>
            <Typography component="code" sx={mono}>
              {f}
            </Typography>
          </li>
        ))}
      </Box>
    </Stack>
  );
}
