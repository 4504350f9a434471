import { useMutation } from "@tanstack/react-query";
import { endpoints } from "../../../shared/endpoints.ts";
import type { EmailLoginBody } from "../../../shared/schemas/account.ts";
import { request } from "../../lib/api.ts";
import { finishLogin } from "./userSession.ts";

// The user's session (userInfo, login's last step, logout) is the shell's: ./userSession.ts.
export { finishLogin, refreshUserInfo, reloadUserInfo, useLogout, useUserInfoQuery } from "./userSession.ts";

/**
 * Email + password login. Silent: the login form shows the service message inline (section 8
 * exempts email login from the error toast).
 */
export function useLogin() {
  return useMutation({
    mutationFn: (body: EmailLoginBody) => request(endpoints.emailLogin, { body }),
    onSuccess: ({ token }) => finishLogin(token),
  });
}
