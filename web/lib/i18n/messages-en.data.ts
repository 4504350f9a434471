// A data module (scripts/vite-data-modules.ts): the browser gets the EN texts only, as JSON.
import { messagesIn } from "./messagesIn.ts";

export const messages = messagesIn("EN");
