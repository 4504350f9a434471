// A data module (scripts/vite-data-modules.ts): the browser gets the ZH_CN texts only, as JSON.
import { messagesIn } from "./messagesIn.ts";

export const messages = messagesIn("ZH_CN");
