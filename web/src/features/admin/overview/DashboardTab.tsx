import { Stack } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { overviewApi, overviewKeys } from "./api.ts";
import { MetricCards } from "./MetricCards.tsx";
import { RegistrationSwitch } from "./RegistrationSwitch.tsx";
import { TrafficLog } from "./TrafficLog.tsx";

/** Tab 0, overview (admin spec 2): the metrics, the traffic log, the registration switch. */
export function DashboardTab() {
  const qc = useQueryClient();
  const [page, setPage] = useState(0);
  const metrics = useQuery({
    queryKey: overviewKeys.metrics,
    queryFn: ({ signal }) => overviewApi.metrics(signal),
  });

  return (
    <Stack spacing={2}>
      <MetricCards query={metrics} />
      <TrafficLog
        page={page}
        onPageChange={setPage}
        onRefresh={() => void qc.invalidateQueries({ queryKey: overviewKeys.all })}
      />
      <RegistrationSwitch />
    </Stack>
  );
}
