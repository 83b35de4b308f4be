import {
  SOCIAL_ROUTES,
  UPLOAD_FIELDS,
  UPLOADS_ROUTES,
  type UpdateProfileInput,
  USERS_ROUTES,
} from "@airwave/contracts";
import { call } from "../../app/api.ts";

/** The picture as the upload calls take it. */
const pictureForm = (file: File) => {
  const form = new FormData();
  form.append(UPLOAD_FIELDS.file, file);
  return form;
};

const social = SOCIAL_ROUTES;

/** The calls of the profile page (community spec 7). */
export const profileApi = {
  profile: (id: string) => call(USERS_ROUTES.profile, { query: { id } }),
  followers: (id: string) => call(social.followers, { query: { id } }),
  following: (id: string) => call(social.following, { query: { id } }),
  follow: (followed: string) => call(social.follow, { body: { followed } }),
  unfollow: (followed: string) => call(social.unfollow, { body: { followed } }),
  accept: (requesterId: string) => call(social.accept, { body: { requesterId } }),
  decline: (requesterId: string) => call(social.decline, { body: { requesterId } }),
  cancelRequest: (targetId: string) => call(social.cancel, { body: { targetId } }),
  setPrivate: (isPrivate: boolean) => call(social.privacy, { body: { isPrivate } }),
  block: (targetId: string) => call(social.block, { body: { targetId } }),
  unblock: (targetId: string) => call(social.unblock, { body: { targetId } }),
  updateProfile: (body: UpdateProfileInput) => call(USERS_ROUTES.updateProfile, { body }),
  uploadProfilePicture: (file: File) =>
    call(UPLOADS_ROUTES.profilePicture, { body: pictureForm(file) }),
  uploadCoverPhoto: (file: File) => call(UPLOADS_ROUTES.coverPhoto, { body: pictureForm(file) }),
};
