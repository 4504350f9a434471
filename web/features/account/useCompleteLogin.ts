import { useNavigate, useSearchParams } from "react-router";
import { translate } from "../../../shared/messages.ts";
import { toast } from "../../components/toast/toastStore.ts";
import { afterLoginPath } from "../../lib/loginRedirect.ts";
import { effectiveLanguage, useSession } from "../../lib/session.ts";
import { finishLogin } from "./api.ts";

/**
 * The end of every login form: store the token, load userInfo, say so, and open the page the
 * guard came from (?redirect=) or home.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async (token: string, message?: string, to?: string | null) => {
    await finishLogin(token);
    toast.success(message || translate("loginSuccess", effectiveLanguage(useSession.getState())));
    navigate(to ?? afterLoginPath(params.get("redirect")), { replace: true });
  };
}
