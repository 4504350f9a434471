// A data module (scripts/vite-data-modules.ts): the browser gets the list of keys, not the texts.
import { messageKeys } from "./messagesIn.ts";

export const MESSAGE_KEYS = messageKeys();
