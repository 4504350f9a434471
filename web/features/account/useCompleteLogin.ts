import { useNavigate, useSearchParams } from "react-router";
import { toast } from "../../components/toast/toastStore.ts";
import { messageText } from "../../lib/i18n/index.ts";
import { afterLoginPath } from "../../lib/loginRedirect.ts";
import { finishLogin } from "./api.ts";

/**
 * The end of every login form: store the token, load userInfo, say so, and open the page the
 * guard came from (?redirect=) or `home` (/, or the short-video variant's avatar list).
 */
export function useCompleteLogin(home = "/") {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async (token: string, message?: string, to?: string | null) => {
    await finishLogin(token);
    toast.success(message || messageText("loginSuccess"));
    navigate(to ?? afterLoginPath(params.get("redirect"), home), { replace: true });
  };
}
