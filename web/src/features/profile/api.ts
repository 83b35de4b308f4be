import {
  type BasicUser,
  type FollowStatus,
  UPLOAD_FIELDS,
  type UpdateProfileInput,
  type UploadCoverPhotoResponse,
  type UploadProfilePictureResponse,
  type UserData,
  type UserProfile,
} from "@airwave/contracts";
import { api } from "../../app/api.ts";

const post = <T>(path: string, body: unknown) =>
  api<T>(`/api/auth/${path}`, { method: "POST", body });

const upload = <T>(path: string, file: File) => {
  const form = new FormData();
  form.append(UPLOAD_FIELDS.file, file);
  return post<T>(path, form);
};

/** The calls of the profile page (community spec 7), all under /api/auth. */
export const profileApi = {
  profile: (id: string) => api<UserProfile>("/api/auth/getUserProfileData", { query: { id } }),
  followers: (id: string) =>
    api<{ users: BasicUser[] }>("/api/auth/getfollowers", { query: { id } }),
  following: (id: string) =>
    api<{ users: BasicUser[] }>("/api/auth/getfollowing", { query: { id } }),
  follow: (followed: string) => post<{ status: FollowStatus }>("followUser", { followed }),
  unfollow: (followed: string) => post<unknown>("unfollowUser", { followed }),
  accept: (requesterId: string) => post<unknown>("follow/accept", { requesterId }),
  decline: (requesterId: string) => post<unknown>("follow/decline", { requesterId }),
  cancelRequest: (targetId: string) => post<unknown>("follow/cancel", { targetId }),
  setPrivate: (isPrivate: boolean) => post<unknown>("privacy/set", { isPrivate }),
  block: (targetId: string) => post<unknown>("blockUser", { targetId }),
  unblock: (targetId: string) => post<unknown>("unblockUser", { targetId }),
  updateProfile: (body: UpdateProfileInput) => post<UserData>("updateProfile", body),
  uploadProfilePicture: (file: File) =>
    upload<UploadProfilePictureResponse>("uploadProfilePicture", file),
  uploadCoverPhoto: (file: File) => upload<UploadCoverPhotoResponse>("uploadCoverPhoto", file),
};
