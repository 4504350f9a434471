import { ApiError } from "../../lib/api.ts";

/** The text to show inline for a failed call: the service's (localised) message. */
export const messageOf = (error: unknown): string => (error instanceof ApiError ? error.message : String(error));

/** Whether a failed call answered one of the catalogue's codes (shared/codes.ts). */
export const hasCode = (error: unknown, code: number): boolean => error instanceof ApiError && error.code === code;
