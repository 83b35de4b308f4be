import { Button } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { profileApi } from "./api.ts";
import { isSettledAnswer, logFailure, reloadProfiles } from "./hooks.ts";

/** 'Follow Back' for a member who follows (or asked to follow) the viewer; 'Requested' if private. */
export function FollowBackButton({
  userId,
  size = "small",
}: {
  userId: string;
  size?: "small" | "medium";
}) {
  const qc = useQueryClient();
  const [state, setState] = useState<"idle" | "busy" | "requested" | "following">("idle");
  if (state === "following") return null;
  if (state === "requested") {
    return (
      <Button size={size} variant="contained" disabled>
        Requested
      </Button>
    );
  }
  const onClick = async () => {
    setState("busy");
    try {
      const res = await profileApi.follow(userId);
      setState(res.status === "requested" ? "requested" : "following");
    } catch (err) {
      if (isSettledAnswer(err)) setState("following");
      else {
        logFailure("follow back", err);
        setState("idle");
      }
    }
    void reloadProfiles(qc);
  };
  return (
    <Button size={size} variant="outlined" onClick={onClick} disabled={state === "busy"}>
      Follow Back
    </Button>
  );
}
