import type {
  AdminDjApplicationView,
  DjApplicationView,
  StreamingDetails,
} from "@airwave/contracts";
import type { Config } from "../../platform/config.ts";
import type { UserRow } from "../users/schema.ts";
import type { djApplications } from "./schema.ts";

type ApplicationRow = typeof djApplications.$inferSelect;

/** An application without its reviewer or any credential: what its applicant and admins see. */
export function presentApplication(a: ApplicationRow): DjApplicationView {
  return {
    _id: a.id,
    applicationId: a.id,
    status: a.status,
    experience: a.experience,
    equipment: a.equipment,
    availability: a.availability,
    genre: [...a.genres],
    mixcloud: a.mixcloud,
    submittedAt: a.submittedAt.toISOString(),
    decidedAt: a.decidedAt ? a.decidedAt.toISOString() : null,
  };
}

/** An application in the admin list: with its applicant's name and picture. */
export function presentAdminApplication(
  a: ApplicationRow,
  applicant: Pick<UserRow, "id" | "username" | "profileimage">,
): AdminDjApplicationView {
  return {
    ...presentApplication(a),
    userId: applicant.id,
    username: applicant.username,
    profileimage: applicant.profileimage,
  };
}

/** Where a DJ's encoder connects: the same for every member (no secret in it). */
export const streamingDetails = (config: Config): StreamingDetails => ({
  host: config.STREAM_HOST,
  ip: config.STREAM_IP,
  port: config.STREAM_PORT,
});
