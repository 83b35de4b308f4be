import { LAYOUT, MP3_UI_TEXTS as T } from "@airwave/contracts";
import { Tab, Tabs, useMediaQuery } from "@mui/material";
import { useState } from "react";
import { AdminSection } from "../../admin/ui/AdminSection.tsx";
import { BatchUploadForm } from "../BatchUploadForm.tsx";
import { SingleUploadForm } from "../SingleUploadForm.tsx";
import { Mp3AdminLibrary } from "./Mp3AdminLibrary.tsx";

const SUBTABS = [T.single, T.batch, T.library] as const;

/**
 * Tab 8 (and the Chat tab's MP3 sub-tab): Single Upload (with the uploader override), Batch Upload
 * and the Library, 10 a page (admin spec 2, 3, 9).
 */
export function Mp3AdminTab() {
  const [sub, setSub] = useState(0);
  const phone = useMediaQuery(`(max-width:${LAYOUT.mobileMaxWidth}px)`);
  return (
    <AdminSection title={T.adminTitle}>
      <Tabs
        value={sub}
        onChange={(_e, v: number) => setSub(v)}
        // On a phone the three fit side by side (a label may wrap), none cut behind a scroll button.
        variant={phone ? "fullWidth" : "scrollable"}
        aria-label={T.adminTitle}
        sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }}
      >
        {SUBTABS.map((label) => (
          <Tab key={label} label={label} />
        ))}
      </Tabs>
      {sub === 0 && <SingleUploadForm allowUploader />}
      {sub === 1 && <BatchUploadForm />}
      {sub === 2 && <Mp3AdminLibrary />}
    </AdminSection>
  );
}
