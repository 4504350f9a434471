/** The account feature's public face: what the layout and other features may use (the router loads pages directly). */
export { refreshUserInfo, useLogout, useUserInfo } from "./api.ts";
