import { useQuery } from "@tanstack/react-query";
import { djApi } from "./api.ts";

export const djKeys = {
  mine: ["dj", "myApplication"] as const,
};

/** GET /myDjApp: the member's latest application (status null when none) and the streaming server. */
export function useMyDjApp() {
  return useQuery({
    queryKey: djKeys.mine,
    queryFn: ({ signal }) => djApi.mine(signal),
  });
}
