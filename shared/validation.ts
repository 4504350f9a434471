/** Validation rules of spec section 5, shared by the forms and the server. */

import { PASSWORD_LENGTH, PHOTO } from "./constants.ts";

export const PHONE_PATTERN = "^1[3-9]\\d{9}$";
export const EMAIL_PATTERN = "^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,9}$";

const phoneRe = new RegExp(PHONE_PATTERN);
const emailRe = new RegExp(EMAIL_PATTERN);

export const isPhone = (value: string): boolean => phoneRe.test(value);
export const isEmail = (value: string): boolean => emailRe.test(value);
export const isPassword = (value: string): boolean =>
  value.length >= PASSWORD_LENGTH.min && value.length <= PASSWORD_LENGTH.max;
export const isBlankName = (value: string | undefined | null): boolean => !value || value.trim() === "";
export const isPhotoMime = (mime: string): boolean => (PHOTO.mimeTypes as readonly string[]).includes(mime);
