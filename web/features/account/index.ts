/** The account feature's public face: what the layout and other features may use (the router loads pages directly). */
export { finishLogin, refreshUserInfo, reloadUserInfo, useLogout, useUserInfoQuery } from "./api.ts";
export { TextField } from "./components/TextField.tsx";
export { errorText, type RuleResult } from "./rules.ts";
