import { type ContactInput, HOME_ROUTES } from "@airwave/contracts";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../app/api.ts";

/** The contact form's message to the station. */
export const useSendContact = () =>
  useMutation({ mutationFn: (input: ContactInput) => call(HOME_ROUTES.contact, { body: input }) });
